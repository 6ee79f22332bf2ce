import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', signed: false, tag: 'admin-reports', method: 'GET' } as const;

/**
 * The console's later CSV exports (docs/contract.md "Operator console"): each needs the
 * permission its list needs — the four-eyes requests, which every operator lists for
 * themselves, need report.export. `../route-meta.ts` joins them.
 */
export const listExportsRouteMeta = {
  adminExportApprovals: {
    ...admin,
    permission: 'report.export',
    path: '/admin/api/v1/exports/approvals',
    summary: '导出复核请求（CSV）',
  },
  adminExportGrants: {
    ...admin,
    permission: 'promo.manage',
    path: '/admin/api/v1/exports/grants',
    summary: '导出优惠发放记录（CSV）',
  },
  adminExportAgentStatements: {
    ...admin,
    permission: 'agent.manage',
    path: '/admin/api/v1/exports/agent-statements',
    summary: '导出佣金报表（CSV）',
  },
  adminExportMallRedemptions: {
    ...admin,
    permission: 'promo.manage',
    path: '/admin/api/v1/exports/mall-redemptions',
    summary: '导出积分兑换记录（CSV）',
  },
  adminExportChatRooms: {
    ...admin,
    permission: 'chat.moderate',
    path: '/admin/api/v1/exports/chat-rooms',
    summary: '导出聊天室列表（CSV）',
  },
  adminExportChatBlockedWords: {
    ...admin,
    permission: 'chat.moderate',
    path: '/admin/api/v1/exports/chat-blocked-words',
    summary: '导出聊天屏蔽词（CSV）',
  },
  adminExportActivities: {
    ...admin,
    permission: 'promo.manage',
    path: '/admin/api/v1/exports/activities',
    summary: '导出优惠活动（CSV）',
  },
  adminExportAgentApplications: {
    ...admin,
    permission: 'agent.manage',
    path: '/admin/api/v1/exports/agent-applications',
    summary: '导出代理申请（CSV）',
  },
  adminExportGrantReport: {
    ...admin,
    permission: 'report.read',
    path: '/admin/api/v1/exports/grant-report',
    summary: '导出福利发放日报（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
