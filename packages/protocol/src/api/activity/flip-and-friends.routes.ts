import { defineRoute } from '../core/route';
import { emptyObject } from '../core/common';
import { flipAndFriendsRouteMeta as m } from './flip-and-friends.meta';
import { FriendInvitationView } from './friend-invite.schemas';
import { FriendPeakBetView } from './friend-peak-bet.schemas';
import {
  LuckyFlipClientSeedRequest,
  LuckyFlipQuery,
  LuckyFlipRecord,
  LuckyFlipRequest,
  LuckyFlipRotateResult,
  LuckyFlipSeeds,
  LuckyFlipView,
} from './lucky-flip.schemas';

/** 幸运翻牌 and the two friend activities with their schemas; `../routes.ts` joins them. */
export const flipAndFriendsRoutes = {
  luckyFlipView: defineRoute(m.luckyFlipView, { query: LuckyFlipQuery, response: LuckyFlipView }),
  luckyFlipFlip: defineRoute(m.luckyFlipFlip, {
    body: LuckyFlipRequest,
    response: LuckyFlipRecord,
  }),
  luckyFlipClientSeed: defineRoute(m.luckyFlipClientSeed, {
    body: LuckyFlipClientSeedRequest,
    response: LuckyFlipSeeds,
  }),
  luckyFlipRotate: defineRoute(m.luckyFlipRotate, {
    body: emptyObject,
    response: LuckyFlipRotateResult,
  }),
  friendInvitationView: defineRoute(m.friendInvitationView, { response: FriendInvitationView }),
  friendInvitationClaim: defineRoute(m.friendInvitationClaim, {
    body: emptyObject,
    response: FriendInvitationView,
  }),
  friendPeakBetView: defineRoute(m.friendPeakBetView, { response: FriendPeakBetView }),
};
