import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { ApprovalService } from './approvals.service';

/** Four-eyes requests: list, approve (runs the action once), reject (contract §2.1). */
export function registerApprovalRoutes(
  app: FastifyInstance,
  approvals: ApprovalService,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'adminApprovals',
    ({ query }) => approvals.list(query.status, query.page, query.pageSize),
    o,
  );
  bindRoute(
    app,
    'adminApprovalApprove',
    ({ req, params }) => approvals.approve(requireOperator(req.operator), params.approvalId),
    o,
  );
  bindRoute(
    app,
    'adminApprovalReject',
    ({ req, params, body }) =>
      approvals.reject(requireOperator(req.operator), params.approvalId, body.reason),
    o,
  );
}
