import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../plugins/admin-guard';
import type { DepositService } from './deposit.service';
import type { WalletAdminService } from './wallet-admin.service';
import type { WithdrawService } from './withdraw.service';

export function registerWalletAdminRoutes(
  app: FastifyInstance,
  s: { deposits: DepositService; withdrawals: WithdrawService; walletAdmin: WalletAdminService },
  o: BindOptions,
): void {
  bindRoute(
    app,
    'adminDeposits',
    ({ query }) => s.deposits.adminList(query.status, query.page, query.pageSize),
    o,
  );
  bindRoute(
    app,
    'adminDepositConfirm',
    ({ req, params, body, tx }) =>
      tx((q) => s.deposits.confirm(q, requireOperator(req.operator), params.orderId, body.reason)),
    o,
  );
  bindRoute(
    app,
    'adminDepositReject',
    ({ req, params, body, tx }) =>
      tx((q) => s.deposits.reject(q, requireOperator(req.operator), params.orderId, body.reason)),
    o,
  );
  bindRoute(
    app,
    'adminDepositResolve',
    ({ req, params, body, tx }) =>
      tx((q) =>
        s.deposits.resolve(
          q,
          requireOperator(req.operator),
          params.orderId,
          body.credit,
          body.reason,
        ),
      ),
    o,
  );
  bindRoute(
    app,
    'adminWithdrawals',
    ({ query }) => s.withdrawals.adminList(query.status, query.page, query.pageSize),
    o,
  );
  bindRoute(
    app,
    'adminWithdrawApprove',
    ({ req, params, body, tx }) =>
      tx((q) =>
        s.withdrawals.approve(q, requireOperator(req.operator), params.orderId, body.reason),
      ),
    o,
  );
  bindRoute(
    app,
    'adminWithdrawReject',
    ({ req, params, body, tx }) =>
      tx((q) =>
        s.withdrawals.reject(q, requireOperator(req.operator), params.orderId, body.reason),
      ),
    o,
  );
  bindRoute(
    app,
    'adminAdjust',
    ({ req, params, body, tx }) =>
      tx((q) => s.walletAdmin.adjust(q, requireOperator(req.operator), params.memberId, body)),
    o,
  );
  bindRoute(
    app,
    'adminWaiveTurnover',
    ({ req, params, body }) =>
      s.walletAdmin.waive(requireOperator(req.operator), params.memberId, body.reason),
    o,
  );
  bindRoute(app, 'adminReconcile', () => s.walletAdmin.reconcile(), o);
}
