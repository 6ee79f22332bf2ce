import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', signed: false, tag: 'admin-reports' } as const;

/**
 * Method, path and access of the console's numbers: dashboard, reports, audit verification and
 * the CSV exports (an export answers text/csv). `../route-meta.ts` joins them.
 */
export const reportsRouteMeta = {
  adminDashboard: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/dashboard',
    roles: ['finance'],
    summary: '今日概览',
  },
  adminReport: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/reports/daily',
    roles: ['finance'],
    summary: '每日报表（上海时间）',
  },
  adminAuditVerify: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/audit/verify',
    summary: '校验审计链',
  },
  adminExportReport: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/exports/report',
    roles: ['finance'],
    summary: '导出每日报表（CSV）',
  },
  adminExportAudit: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/exports/audit',
    summary: '导出审计日志（CSV）',
  },
  adminExportMembers: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/exports/members',
    roles: ['finance', 'moderator'],
    summary: '导出会员列表（CSV）',
  },
  adminExportDeposits: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/exports/deposits',
    roles: ['finance'],
    summary: '导出存款订单（CSV）',
  },
  adminExportWithdrawals: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/exports/withdrawals',
    roles: ['finance'],
    summary: '导出取款订单（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
