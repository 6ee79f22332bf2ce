import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', signed: false, tag: 'admin-reports' } as const;

/**
 * Method, path and access of the console's numbers: dashboard, reports, audit verification and
 * the CSV exports (an export answers text/csv). `../route-meta.ts` joins them.
 */
export const reportsRouteMeta = {
  adminDashboard: {
    ...admin,
    permission: 'report.read',
    method: 'GET',
    path: '/admin/api/v1/dashboard',
    summary: '今日概览',
  },
  adminReport: {
    ...admin,
    permission: 'report.read',
    method: 'GET',
    path: '/admin/api/v1/reports/daily',
    summary: '每日报表（上海时间）',
  },
  adminAuditVerify: {
    ...admin,
    permission: 'audit.read',
    method: 'GET',
    path: '/admin/api/v1/audit/verify',
    summary: '校验审计链',
  },
  adminExportReport: {
    ...admin,
    permission: 'report.export',
    method: 'GET',
    path: '/admin/api/v1/exports/report',
    summary: '导出每日报表（CSV）',
  },
  adminExportAudit: {
    ...admin,
    permission: 'audit.read',
    method: 'GET',
    path: '/admin/api/v1/exports/audit',
    summary: '导出审计日志（CSV）',
  },
  adminExportMembers: {
    ...admin,
    permission: 'member.read',
    method: 'GET',
    path: '/admin/api/v1/exports/members',
    summary: '导出会员列表（CSV）',
  },
  adminExportDeposits: {
    ...admin,
    permission: 'deposit.review',
    method: 'GET',
    path: '/admin/api/v1/exports/deposits',
    summary: '导出存款订单（CSV）',
  },
  adminExportWithdrawals: {
    ...admin,
    permission: 'withdraw.review',
    method: 'GET',
    path: '/admin/api/v1/exports/withdrawals',
    summary: '导出取款订单（CSV）',
  },
  adminExportTransfers: {
    ...admin,
    permission: 'transfer.manage',
    method: 'GET',
    path: '/admin/api/v1/exports/transfers',
    summary: '导出场馆转账（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
