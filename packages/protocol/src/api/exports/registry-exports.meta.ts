import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', signed: false, tag: 'admin-reports', method: 'GET' } as const;

/**
 * The CSV exports of the console's registries and service desk (docs/contract.md "Operator
 * console"): each needs the permission its list needs. `../route-meta.ts` joins them.
 */
export const registryExportsRouteMeta = {
  adminExportOperators: {
    ...admin,
    permission: 'operator.manage',
    path: '/admin/api/v1/exports/operators',
    summary: '导出运营人员（CSV）',
  },
  adminExportRoles: {
    ...admin,
    permission: 'operator.manage',
    path: '/admin/api/v1/exports/roles',
    summary: '导出角色（CSV）',
  },
  adminExportMails: {
    ...admin,
    permission: 'content.write',
    path: '/admin/api/v1/exports/mails',
    summary: '导出已发送的站内信（CSV）',
  },
  adminExportFeedback: {
    ...admin,
    permission: 'content.write',
    path: '/admin/api/v1/exports/feedback',
    summary: '导出意见反馈（CSV）',
  },
  adminExportHelpDocs: {
    ...admin,
    permission: 'content.write',
    path: '/admin/api/v1/exports/help-docs',
    summary: '导出帮助文档列表（CSV）',
  },
  adminExportSponsors: {
    ...admin,
    permission: 'content.write',
    path: '/admin/api/v1/exports/sponsors',
    summary: '导出赞助（CSV）',
  },
  adminExportRealNamePending: {
    ...admin,
    permission: 'realname.review',
    path: '/admin/api/v1/exports/real-name-pending',
    summary: '导出待审核实名（CSV）',
  },
  adminExportVenues: {
    ...admin,
    permission: 'venue.manage',
    path: '/admin/api/v1/exports/venues',
    summary: '导出场馆登记表（CSV）',
  },
  adminExportVenueDebts: {
    ...admin,
    permission: 'transfer.manage',
    path: '/admin/api/v1/exports/venue-debts',
    summary: '导出会员场馆欠款（CSV）',
  },
  adminExportSelfExclusion: {
    ...admin,
    permission: 'rg.manage',
    path: '/admin/api/v1/exports/self-exclusion-register',
    summary: '导出自我排除登记名单（CSV）',
  },
  adminExportMallItems: {
    ...admin,
    permission: 'promo.manage',
    path: '/admin/api/v1/exports/mall-items',
    summary: '导出商城商品（CSV）',
  },
  adminExportVipLevels: {
    ...admin,
    permission: 'promo.manage',
    path: '/admin/api/v1/exports/vip-levels',
    summary: '导出 VIP 等级表（CSV）',
  },
  adminExportRebateRates: {
    ...admin,
    permission: 'promo.manage',
    path: '/admin/api/v1/exports/rebate-rates',
    summary: '导出返水比例（CSV）',
  },
  adminExportPointsRates: {
    ...admin,
    permission: 'promo.manage',
    path: '/admin/api/v1/exports/points-rates',
    summary: '导出积分比例（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
