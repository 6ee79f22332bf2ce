import type { FastifyInstance } from 'fastify';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { DepositAdminService } from './deposit-admin.service';

export function registerDepositAdminRoutes(
  app: FastifyInstance,
  deposits: DepositAdminService,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'adminDeposits',
    ({ query }) => deposits.adminList(query.status, query.page, query.pageSize),
    o,
  );
  bindMoneyRoute(
    app,
    'adminDepositConfirm',
    'ledger',
    ({ req, params, body, unit }) =>
      unit.commit((q) =>
        deposits.confirm(q, requireOperator(req.operator), params.orderId, body.reason),
      ),
    o,
  );
  bindMoneyRoute(
    app,
    'adminDepositReject',
    'ledger',
    ({ req, params, body, unit }) =>
      unit.commit((q) =>
        deposits.reject(q, requireOperator(req.operator), params.orderId, body.reason),
      ),
    o,
  );
  bindMoneyRoute(
    app,
    'adminDepositResolve',
    'ledger',
    ({ req, params, body, unit }) =>
      unit.commit((q) =>
        deposits.resolve(
          q,
          requireOperator(req.operator),
          params.orderId,
          body.credit,
          body.reason,
        ),
      ),
    o,
  );
}
