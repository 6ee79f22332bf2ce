import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', signed: false, tag: 'admin-reports', method: 'GET' } as const;

/**
 * The CSV exports of the member detail page's sub-lists (docs/contract.md "Operator console"):
 * each needs the permission its list needs (member.read). The member's grants use
 * adminExportGrants with its memberId. `../route-meta.ts` joins them.
 */
export const memberExportsRouteMeta = {
  adminExportMemberLedger: {
    ...admin,
    permission: 'member.read',
    path: '/admin/api/v1/exports/member-ledger',
    summary: '导出会员账变记录（CSV）',
  },
  adminExportMemberBets: {
    ...admin,
    permission: 'member.read',
    path: '/admin/api/v1/exports/member-bets',
    summary: '导出会员注单（CSV）',
  },
  adminExportMemberLogins: {
    ...admin,
    permission: 'member.read',
    path: '/admin/api/v1/exports/member-logins',
    summary: '导出会员登录记录（CSV）',
  },
  adminExportMemberDevices: {
    ...admin,
    permission: 'member.read',
    path: '/admin/api/v1/exports/member-devices',
    summary: '导出会员设备（CSV）',
  },
  adminExportMemberNotes: {
    ...admin,
    permission: 'member.read',
    path: '/admin/api/v1/exports/member-notes',
    summary: '导出会员备注（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
