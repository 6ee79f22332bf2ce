import type { RouteMeta } from '../core/route';

/**
 * Method, path and access of 幸运翻牌, 邀请好友 and 好友最高投注 (contract §5 Rewards);
 * `../route-meta.ts` joins them.
 */
export const flipAndFriendsRouteMeta = {
  luckyFlipView: {
    method: 'GET',
    path: '/act/api/v1/lucky-flip',
    auth: 'member',
    signed: true,
    summary: '幸运翻牌',
    tag: 'rewards',
  },
  luckyFlipFlip: {
    method: 'POST',
    path: '/act/api/v1/lucky-flip/flip',
    auth: 'member',
    signed: true,
    money: true,
    summary: '翻牌',
    tag: 'rewards',
  },
  luckyFlipClientSeed: {
    method: 'POST',
    path: '/act/api/v1/lucky-flip/client-seed',
    auth: 'member',
    signed: true,
    summary: '修改翻牌客户端种子',
    tag: 'rewards',
  },
  luckyFlipRotate: {
    method: 'POST',
    path: '/act/api/v1/lucky-flip/rotate',
    auth: 'member',
    signed: true,
    summary: '更换翻牌服务端种子（公开旧种子）',
    tag: 'rewards',
  },
  friendInvitationView: {
    method: 'GET',
    path: '/act/api/v1/friend-invitation',
    auth: 'member',
    signed: true,
    summary: '邀请好友',
    tag: 'rewards',
  },
  friendInvitationClaim: {
    method: 'POST',
    path: '/act/api/v1/friend-invitation/claim',
    auth: 'member',
    signed: true,
    money: true,
    summary: '领取邀请奖励',
    tag: 'rewards',
  },
  friendPeakBetView: {
    method: 'GET',
    path: '/act/api/v1/friend-peak-bet',
    auth: 'member',
    signed: true,
    summary: '好友最高投注',
    tag: 'rewards',
  },
} as const satisfies Record<string, RouteMeta>;
