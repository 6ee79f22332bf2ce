import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', signed: false, tag: 'admin' } as const;

/** The member detail page's calls (docs/contract.md, operator console), as plain data. */
export const memberDetailRouteMeta = {
  adminMemberDetail: {
    ...admin,
    permission: 'member.read',
    method: 'GET',
    path: '/admin/api/v1/members/:memberId',
    summary: '会员详情（资料、钱包、VIP、实名）',
  },
  adminMemberLedger: {
    ...admin,
    permission: 'member.read',
    method: 'GET',
    path: '/admin/api/v1/members/:memberId/ledger',
    summary: '会员账变记录',
  },
  adminMemberBets: {
    ...admin,
    permission: 'member.read',
    method: 'GET',
    path: '/admin/api/v1/members/:memberId/bets',
    summary: '会员注单',
  },
  adminMemberLogins: {
    ...admin,
    permission: 'member.read',
    method: 'GET',
    path: '/admin/api/v1/members/:memberId/logins',
    summary: '会员登录记录',
  },
  adminMemberDevices: {
    ...admin,
    permission: 'member.read',
    method: 'GET',
    path: '/admin/api/v1/members/:memberId/devices',
    summary: '会员设备',
  },
  adminMemberNotes: {
    ...admin,
    permission: 'member.read',
    method: 'GET',
    path: '/admin/api/v1/members/:memberId/notes',
    summary: '会员备注',
  },
  adminMemberNoteAdd: {
    ...admin,
    permission: 'member.read',
    method: 'POST',
    path: '/admin/api/v1/members/:memberId/notes',
    summary: '添加会员备注',
  },
  adminMemberSessionsEnd: {
    ...admin,
    permission: 'member.sessions',
    method: 'POST',
    path: '/admin/api/v1/members/:memberId/sessions/end',
    summary: '结束会员的全部会话',
  },
} as const satisfies Record<string, RouteMeta>;
