import type { RouteMeta } from '../core/route';

/**
 * Method, path and access of the 试玩 calls (contract §6 Demo play): open to visitors, a
 * member's session only read for the eligibility gate. `../route-meta.ts` joins them.
 */
export const demoRouteMeta = {
  demoInfo: {
    method: 'GET',
    path: '/game/api/v1/demo/info',
    auth: 'optional',
    signed: true,
    summary: '试玩说明与可试玩的场馆',
    tag: 'demo',
  },
  demoLaunch: {
    method: 'POST',
    path: '/game/api/v1/demo/launch',
    auth: 'optional',
    signed: true,
    summary: '开始试玩',
    tag: 'demo',
  },
  demoBalance: {
    method: 'POST',
    path: '/game/api/v1/demo/balance',
    auth: 'optional',
    signed: true,
    summary: '试玩余额',
    tag: 'demo',
  },
  demoReset: {
    method: 'POST',
    path: '/game/api/v1/demo/reset',
    auth: 'optional',
    signed: true,
    summary: '重置试玩余额',
    tag: 'demo',
  },
} as const satisfies Record<string, RouteMeta>;
