import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', signed: false, tag: 'operators' } as const;

/**
 * Operator passkeys (docs/contract.md §4.1): registration and removal need an `operators`
 * step-up; the login challenge is asked before there is a session.
 */
export const passkeysRouteMeta = {
  adminPasskeyLoginOptions: {
    method: 'POST',
    path: '/admin/api/v1/passkeys/loginOptions',
    auth: 'none',
    signed: false,
    tag: 'operators',
    summary: '通行密钥登录（获取挑战）',
  },
  adminPasskeys: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/passkeys',
    permission: 'self',
    summary: '我的通行密钥',
  },
  adminPasskeyRegisterOptions: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/passkeys/registerOptions',
    permission: 'self',
    stepUp: 'operators',
    summary: '登记通行密钥（获取挑战）',
  },
  adminPasskeyRegister: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/passkeys',
    permission: 'self',
    stepUp: 'operators',
    summary: '登记通行密钥',
  },
  adminPasskeyDelete: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/passkeys/:passkeyId/delete',
    permission: 'self',
    stepUp: 'operators',
    summary: '删除通行密钥',
  },
  adminPasskeyStepUpOptions: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/passkeys/stepUpOptions',
    permission: 'self',
    summary: '通行密钥二次验证（获取挑战）',
  },
  adminPasskeyStepUp: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/passkeys/stepUp',
    permission: 'self',
    summary: '通行密钥二次验证',
  },
} as const satisfies Record<string, RouteMeta>;
