import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { requireOperator } from '../../http/operator-context';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { FourEyesGate } from '../../http/four-eyes-gate';
import type { GrantAdminService } from './grant-admin.service';
import type { GrantService } from './grant.service';
import type { RebateAdminService } from './rebate-admin.service';
import type { RebateService } from './rebate.service';
import type { VipService } from './vip.service';

export function registerRewardsRoutes(
  app: FastifyInstance,
  s: {
    grants: GrantService;
    grantAdmin: GrantAdminService;
    vip: VipService;
    rebate: RebateService;
    rebateAdmin: RebateAdminService;
    approvals: FourEyesGate;
  },
  o: BindOptions,
): void {
  bindRoute(
    app,
    'rewardGrants',
    ({ ctx, query }) => s.grants.page(requireMember(ctx).memberId, query),
    o,
  );
  bindMoneyRoute(
    app,
    'rewardGrantClaim',
    'ledger',
    ({ ctx, params, unit }) =>
      unit.commit((q) => s.grants.claim(q, requireMember(ctx).memberId, params.grantId)),
    o,
  );
  bindMoneyRoute(
    app,
    'rewardGrantGiveUp',
    'ledger',
    ({ ctx, params, unit }) =>
      unit.commit((q) => s.grants.giveUp(q, requireMember(ctx).memberId, params.grantId)),
    o,
  );
  bindRoute(
    app,
    'rewardEligibility',
    ({ ctx }) => s.grants.standing(requireMember(ctx).memberId),
    o,
  );
  bindRoute(
    app,
    'adminMemberGrants',
    ({ params, query }) => s.grantAdmin.memberGrants(params.memberId, query),
    o,
  );
  bindRoute(
    app,
    'adminGrantRevoke',
    ({ req, params, body }) =>
      s.grantAdmin.revoke(requireOperator(req.operator), params.grantId, body.reason),
    o,
  );
  bindMoneyRoute(
    app,
    'adminGrantCreate',
    'ledger',
    async ({ req, params, body, unit }) => {
      // Above the promo threshold a manual grant waits for a second operator (contract §4.1).
      const op = requireOperator(req.operator);
      await s.approvals.gate(
        op,
        'adminGrantCreate',
        `member:${params.memberId}`,
        { asset: 'CNY', units: await s.grantAdmin.manualValue(params.memberId, body) },
        { params, body },
      );
      // A retry of the same key replays the stored answer, so a fresh source pays once.
      return unit.commit((q) =>
        s.grantAdmin.grantIn(q, op, params.memberId, body, `call:${randomUUID()}`),
      );
    },
    o,
  );
  bindRoute(app, 'adminGrantReport', ({ query }) => s.grantAdmin.report(query.from, query.to), o);
  bindRoute(app, 'vipStatus', ({ ctx }) => s.vip.status(requireMember(ctx).memberId), o);
  bindRoute(app, 'vipTable', () => s.vip.table(), o);
  bindRoute(
    app,
    'vipBirthdaySet',
    ({ ctx, body }) => s.vip.setBirthday(requireMember(ctx).memberId, body.birthday),
    o,
  );
  bindRoute(app, 'adminVipLevels', () => s.vip.table(), o);
  bindRoute(
    app,
    'adminVipLevelSet',
    async ({ req, params, body }) => {
      // A raise of a level's rewards or caps waits for a second operator (contract §4.1).
      const op = requireOperator(req.operator);
      const raises = await s.vip.raises(params.level, body);
      await s.approvals.gateRaise(op, 'adminVipLevelSet', `vip:${params.level}`, raises, {
        params,
        body,
      });
      return s.vip.setLevel(op, params.level, body);
    },
    o,
  );
  bindRoute(
    app,
    'giftRecords',
    ({ ctx, query }) => s.grants.giftRecords(requireMember(ctx).memberId, query),
    o,
  );
  bindRoute(app, 'rebateView', ({ ctx }) => s.rebate.view(requireMember(ctx).memberId), o);
  bindMoneyRoute(
    app,
    'rebateClaim',
    'ledger',
    ({ ctx, unit }) => unit.commit((q) => s.rebate.claim(q, requireMember(ctx).memberId)),
    o,
  );
  bindRoute(app, 'adminRebateRates', () => s.rebateAdmin.rates(), o);
  bindRoute(
    app,
    'adminRebateRateSet',
    async ({ req, body }) => {
      const op = requireOperator(req.operator);
      const raises = await s.rebateAdmin.raises(body);
      await s.approvals.gateRaise(
        op,
        'adminRebateRateSet',
        `rebate:${body.level}:${body.family}`,
        raises,
        { body },
      );
      return s.rebateAdmin.setRate(op, body);
    },
    o,
  );
}
