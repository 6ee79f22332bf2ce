import type { RouteMeta } from '../core/route';

const admin = {
  auth: 'admin',
  permission: 'chat.moderate',
  signed: false,
  tag: 'admin-chat',
} as const;
const exportCsv = { ...admin, method: 'GET' } as const;

/**
 * The moderators' lists (mutes, shields, gift records), the gift catalogue and their CSV
 * exports. Gifts are members' own COIN spend, not the site's money: the chat permission with
 * its audit row guards a price change, no four-eyes.
 */
export const chatAdminRouteMeta = {
  adminChatMutes: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/chat/mutes',
    summary: '禁言列表',
  },
  adminChatShields: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/chat/shields',
    summary: '会员屏蔽列表（只读）',
  },
  adminChatGiftRecords: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/chat/gift-records',
    summary: '礼物记录',
  },
  adminChatGifts: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/chat/gifts',
    summary: '礼物目录（含停用）',
  },
  adminChatGiftSave: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/chat/gifts',
    summary: '新建 / 修改礼物（名称、图标、价格、启用）',
  },
  adminExportChatMutes: {
    ...exportCsv,
    path: '/admin/api/v1/exports/chat-mutes',
    summary: '导出禁言列表（CSV）',
  },
  adminExportChatShields: {
    ...exportCsv,
    path: '/admin/api/v1/exports/chat-shields',
    summary: '导出会员屏蔽列表（CSV）',
  },
  adminExportChatGiftRecords: {
    ...exportCsv,
    path: '/admin/api/v1/exports/chat-gift-records',
    summary: '导出礼物记录（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
