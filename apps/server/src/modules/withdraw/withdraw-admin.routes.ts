import type { FastifyInstance } from 'fastify';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { WithdrawAdminService } from './withdraw-admin.service';

export function registerWithdrawAdminRoutes(
  app: FastifyInstance,
  withdrawals: WithdrawAdminService,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'adminWithdrawals',
    ({ query }) => withdrawals.adminList(query.status, query.page, query.pageSize),
    o,
  );
  bindMoneyRoute(
    app,
    'adminWithdrawApprove',
    'ledger',
    ({ req, params, body, unit }) =>
      unit.commit((q) =>
        withdrawals.approve(q, requireOperator(req.operator), params.orderId, body.reason),
      ),
    o,
  );
  bindMoneyRoute(
    app,
    'adminWithdrawReject',
    'ledger',
    ({ req, params, body, unit }) =>
      unit.commit((q) =>
        withdrawals.reject(q, requireOperator(req.operator), params.orderId, body.reason),
      ),
    o,
  );
}
