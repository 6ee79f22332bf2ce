import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { requireOperator } from '../../http/operator-context';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { FourEyesGate } from '../../http/four-eyes-gate';
import type { ActivityAdminService } from './activity-admin.service';
import type { ActivityService } from './activity.service';
import type { CheckinService } from './checkin.service';
import type { DepositBonusService } from './deposit-bonus.service';

export interface ActivityRouteServices {
  activities: ActivityService;
  activityAdmin: ActivityAdminService;
  depositBonus: DepositBonusService;
  checkins: CheckinService;
}

export function registerActivityRoutes(
  app: FastifyInstance,
  s: ActivityRouteServices & { approvals: FourEyesGate },
  o: BindOptions,
): void {
  bindRoute(app, 'activityList', ({ ctx }) => s.activities.list(ctx.memberId ?? null), o);
  bindRoute(
    app,
    'activityDetail',
    ({ ctx, params }) => s.activities.detail(ctx.memberId ?? null, params.activityId),
    o,
  );
  // 申请 writes no money: the entry is unique, so a repeat is refused (9415) and changes nothing.
  bindRoute(
    app,
    'activityApply',
    ({ ctx, params }) =>
      s.activities.tx((q) =>
        s.depositBonus.apply(q, requireMember(ctx).memberId, params.activityId),
      ),
    o,
  );
  bindMoneyRoute(
    app,
    'activityClaim',
    'ledger',
    ({ ctx, params, unit }) =>
      unit.commit((q) => s.depositBonus.claim(q, requireMember(ctx).memberId, params.activityId)),
    o,
  );
  bindRoute(
    app,
    'checkinCalendar',
    ({ ctx, query }) => s.checkins.calendar(requireMember(ctx).memberId, query.month),
    o,
  );
  bindMoneyRoute(
    app,
    'checkin',
    'ledger',
    ({ ctx, unit }) => unit.commit((q) => s.checkins.checkin(q, requireMember(ctx).memberId)),
    o,
  );
  bindRoute(app, 'adminActivities', ({ query }) => s.activityAdmin.page(query), o);
  bindRoute(
    app,
    'adminActivityCreate',
    async ({ req, body }) => {
      // One that starts active pays at once: it waits for a second operator (contract §4.1).
      const op = requireOperator(req.operator);
      const target = `activity:new:${body.kind}:${body.title}`;
      await s.approvals.gateRaise(
        op,
        'adminActivityCreate',
        target,
        s.activityAdmin.createRaises(body),
        {
          body,
        },
      );
      return s.activityAdmin.create(op, body);
    },
    o,
  );
  bindRoute(
    app,
    'adminActivityUpdate',
    async ({ req, params, body }) => {
      // A raise of a rate or cap waits for a second operator (contract §4.1).
      const op = requireOperator(req.operator);
      const raises = await s.activityAdmin.raises(params.activityId, body);
      await s.approvals.gateRaise(
        op,
        'adminActivityUpdate',
        `activity:${params.activityId}`,
        raises,
        { params, body },
      );
      return s.activityAdmin.update(op, params.activityId, body);
    },
    o,
  );
  bindRoute(
    app,
    'adminActivityEnd',
    ({ req, params }) => s.activityAdmin.end(requireOperator(req.operator), params.activityId),
    o,
  );
}
