import { parseMoney } from '@nebula/protocol';
import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { requireOperator } from '../../http/operator-context';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { LimitsReviewService } from './limits-review.service';
import type { LimitsService } from './limits.service';
import type { PlayLimitsService } from './play-limits.service';
import type { RealityCheckService } from './reality-check.service';
import type { StatementService } from './statement.service';

export interface ResponsibleGamingRouteServices {
  limits: LimitsService;
  playLimits: PlayLimitsService;
  review: LimitsReviewService;
  realityChecks: RealityCheckService;
  statements: StatementService;
}

/** Responsible-gambling calls (contract §5); deposit limits themselves are in deposit.routes. */
export function registerResponsibleGamingRoutes(
  app: FastifyInstance,
  s: ResponsibleGamingRouteServices,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'limitRequestConfirm',
    ({ ctx, params }) => s.limits.confirm(requireMember(ctx).memberId, params.requestId),
    o,
  );
  bindRoute(
    app,
    'limitRequestCancel',
    ({ ctx, params }) => s.limits.cancel(requireMember(ctx).memberId, params.requestId),
    o,
  );
  bindRoute(app, 'playLimits', ({ ctx }) => s.playLimits.view(requireMember(ctx).memberId), o);
  bindRoute(
    app,
    'playLimitSet',
    ({ ctx, body }) => s.playLimits.set(requireMember(ctx).memberId, body),
    o,
  );
  bindRoute(app, 'limitsReview', ({ ctx }) => s.review.status(requireMember(ctx).memberId), o);
  bindRoute(
    app,
    'limitsReviewDone',
    ({ ctx }) => s.review.reviewed(requireMember(ctx).memberId),
    o,
  );
  bindRoute(
    app,
    'realityCheck',
    ({ ctx }) => {
      const m = requireMember(ctx);
      return s.realityChecks.status(m.memberId, m.sessionId);
    },
    o,
  );
  bindRoute(
    app,
    'realityCheckSet',
    ({ ctx, body }) => {
      const m = requireMember(ctx);
      return s.realityChecks.choose(m.memberId, m.sessionId, body.minutes);
    },
    o,
  );
  bindRoute(
    app,
    'realityCheckAck',
    ({ ctx }) => {
      const m = requireMember(ctx);
      return s.realityChecks.carryOn(m.memberId, m.sessionId);
    },
    o,
  );
  bindRoute(
    app,
    'realityCheckExit',
    ({ ctx }) => {
      const m = requireMember(ctx);
      return s.realityChecks.exit(m.memberId, m.sessionId);
    },
    o,
  );
  bindRoute(
    app,
    'statement',
    ({ ctx, query }) => s.statements.month(requireMember(ctx).memberId, query.month),
    o,
  );
  bindRoute(app, 'adminMemberLimits', ({ params }) => s.limits.adminView(params.memberId), o);
  bindRoute(
    app,
    'adminMemberLimitSet',
    ({ req, params, body }) =>
      s.limits.operatorSet(requireOperator(req.operator), params.memberId, {
        ...body,
        amount: parseMoney(body.amount),
      }),
    o,
  );
}
