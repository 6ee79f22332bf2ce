import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireMember } from '../../http/member-context';
import { requireOperator } from '../../http/operator-context';
import type { FeedbackService } from './feedback.service';

export function registerFeedbackRoutes(
  app: FastifyInstance,
  feedback: FeedbackService,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'feedbackSubmit',
    ({ ctx, body }) => feedback.submit(requireMember(ctx).memberId, body),
    o,
  );
  bindRoute(
    app,
    'feedbackList',
    ({ ctx, query }) => feedback.mine(requireMember(ctx).memberId, query.page, query.pageSize),
    o,
  );
  bindRoute(
    app,
    'adminFeedbacks',
    ({ query }) => feedback.list(query.status, query.page, query.pageSize),
    o,
  );
  bindRoute(
    app,
    'adminFeedbackReply',
    ({ req, params, body }) =>
      feedback.reply(requireOperator(req.operator).userName, params.feedbackId, body),
    o,
  );
}
