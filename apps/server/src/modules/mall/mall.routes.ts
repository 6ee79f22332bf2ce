import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { requireOperator } from '../../http/operator-context';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { FourEyesGate } from '../../http/four-eyes-gate';
import type { MallAdminService } from './mall-admin.service';
import type { MallService } from './mall.service';
import type { PointsAdminService } from './points-admin.service';
import type { PointsService } from './points.service';

export function registerMallRoutes(
  app: FastifyInstance,
  s: {
    mall: MallService;
    mallAdmin: MallAdminService;
    points: PointsService;
    pointsAdmin: PointsAdminService;
    approvals: FourEyesGate;
  },
  o: BindOptions,
): void {
  bindRoute(app, 'mallHome', ({ ctx }) => s.mall.home(requireMember(ctx).memberId), o);
  bindMoneyRoute(
    app,
    'mallRedeem',
    'ledger',
    ({ ctx, params, body, unit }) =>
      unit.commit((q) => s.mall.redeem(q, requireMember(ctx).memberId, params.itemId, body)),
    o,
  );
  bindRoute(
    app,
    'mallRedemptions',
    ({ ctx, query }) => s.mall.redemptions(requireMember(ctx).memberId, query),
    o,
  );
  bindRoute(
    app,
    'pointsLedger',
    ({ ctx, query }) => s.points.ledgerPage(requireMember(ctx).memberId, query),
    o,
  );
  bindRoute(app, 'adminMallItems', () => s.mallAdmin.items(), o);
  bindRoute(
    app,
    'adminMallItemSave',
    async ({ req, body }) => {
      // An item that pays more money for points waits for a second operator (contract §4.1).
      const op = requireOperator(req.operator);
      const target = body.id === undefined ? `mall-item:new:${body.title}` : `mall-item:${body.id}`;
      await s.approvals.gateRaise(
        op,
        'adminMallItemSave',
        target,
        await s.mallAdmin.itemRaises(body),
        {
          body,
        },
      );
      return s.mallAdmin.saveItem(op, body);
    },
    o,
  );
  bindRoute(app, 'adminMallRedemptions', ({ query }) => s.mallAdmin.redemptions(query), o);
  bindRoute(
    app,
    'adminMallShip',
    ({ req, params, body }) =>
      s.mallAdmin.ship(requireOperator(req.operator), params.redemptionId, body.trackingNo),
    o,
  );
  bindRoute(
    app,
    'adminMallDeliver',
    ({ req, params }) => s.mallAdmin.deliver(requireOperator(req.operator), params.redemptionId),
    o,
  );
  bindRoute(
    app,
    'adminMallCancel',
    ({ req, params, body }) =>
      s.mallAdmin.cancel(requireOperator(req.operator), params.redemptionId, body.reason),
    o,
  );
  bindRoute(app, 'adminPointsRates', () => s.pointsAdmin.rates(), o);
  bindRoute(
    app,
    'adminPointsRateSet',
    async ({ req, body }) => {
      // A raise of a family's earning rate waits for a second operator (contract §4.1).
      const op = requireOperator(req.operator);
      const raises = await s.pointsAdmin.raises(body);
      await s.approvals.gateRaise(op, 'adminPointsRateSet', `points-rate:${body.family}`, raises, {
        body,
      });
      return s.pointsAdmin.setRate(op, body);
    },
    o,
  );
  bindMoneyRoute(
    app,
    'adminPointsAdjust',
    'ledger',
    async ({ req, params, body, unit }) => {
      // Above the points threshold a second operator approves it (contract §4.1): 9602.
      const op = requireOperator(req.operator);
      await s.approvals.gate(
        op,
        'adminPointsAdjust',
        `member:${params.memberId}`,
        await s.pointsAdmin.adjustValue(params.memberId, body),
        { params, body },
      );
      return unit.commit((q) => s.pointsAdmin.adjust(q, op, params.memberId, body));
    },
    o,
  );
}
