import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { FlipFriendsServices } from './flip-friends.services';

/** 幸运翻牌, 邀请好友 and 好友最高投注 (contract §5 Rewards). */
export function registerFlipFriendsRoutes(
  app: FastifyInstance,
  s: FlipFriendsServices,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'luckyFlipView',
    ({ ctx, query }) => s.luckyFlip.view(requireMember(ctx).memberId, query.activityId),
    o,
  );
  bindMoneyRoute(
    app,
    'luckyFlipFlip',
    'ledger',
    ({ ctx, body, unit }) =>
      unit.commit((q) => s.luckyFlip.flip(q, requireMember(ctx).memberId, body.activityId)),
    o,
  );
  bindRoute(
    app,
    'luckyFlipClientSeed',
    ({ ctx, body }) => s.luckyFlip.setClientSeed(requireMember(ctx).memberId, body.clientSeed),
    o,
  );
  bindRoute(
    app,
    'luckyFlipRotate',
    ({ ctx }) => s.luckyFlip.rotate(requireMember(ctx).memberId),
    o,
  );
  bindRoute(
    app,
    'friendInvitationView',
    ({ ctx }) => s.invitation.view(requireMember(ctx).memberId),
    o,
  );
  bindMoneyRoute(
    app,
    'friendInvitationClaim',
    'ledger',
    ({ ctx, unit }) => unit.commit((q) => s.invitation.claim(q, requireMember(ctx).memberId)),
    o,
  );
  bindRoute(app, 'friendPeakBetView', ({ ctx }) => s.peakBet.view(requireMember(ctx).memberId), o);
}
