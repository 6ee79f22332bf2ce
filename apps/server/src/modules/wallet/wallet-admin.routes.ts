import type { FastifyInstance } from 'fastify';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { WalletAdminService } from './wallet-admin.service';

export function registerWalletAdminRoutes(
  app: FastifyInstance,
  walletAdmin: WalletAdminService,
  o: BindOptions,
): void {
  bindMoneyRoute(
    app,
    'adminAdjust',
    'ledger',
    ({ req, params, body, unit }) =>
      unit.commit((q) =>
        walletAdmin.adjust(q, requireOperator(req.operator), params.memberId, body),
      ),
    o,
  );
  bindRoute(
    app,
    'adminWaiveTurnover',
    ({ req, params, body }) =>
      walletAdmin.waive(requireOperator(req.operator), params.memberId, body.reason),
    o,
  );
  bindRoute(app, 'adminReconcile', () => walletAdmin.reconcile(), o);
}
