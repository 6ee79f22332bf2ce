import type { FastifyInstance } from 'fastify';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { FourEyesGate } from '../../http/four-eyes-gate';
import type { WithdrawAdminService } from './withdraw-admin.service';

/** Paying a withdrawal above the four-eyes threshold waits for a second operator (9602). */
export function registerWithdrawAdminRoutes(
  app: FastifyInstance,
  withdrawals: WithdrawAdminService,
  approvals: FourEyesGate,
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
    async ({ req, params, body, unit }) => {
      const op = requireOperator(req.operator);
      const amount = await withdrawals.orderAmount(params.orderId);
      if (amount !== null)
        await approvals.gate(
          op,
          'adminWithdrawApprove',
          `withdraw:${params.orderId}`,
          { asset: 'CNY', units: amount },
          { params, body },
        );
      return unit.commit((q) => withdrawals.approve(q, op, params.orderId, body.reason));
    },
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
