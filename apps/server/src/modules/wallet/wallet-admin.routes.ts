import type { FastifyInstance } from 'fastify';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { FourEyesGate } from '../../http/four-eyes-gate';
import { requireOperator } from '../../http/operator-context';
import type { WalletAdminService } from './wallet-admin.service';

/** Adjustments and waivers pass the four-eyes gate first (contract §4.1): above it, 9602. */
export function registerWalletAdminRoutes(
  app: FastifyInstance,
  walletAdmin: WalletAdminService,
  approvals: FourEyesGate,
  o: BindOptions,
): void {
  bindMoneyRoute(
    app,
    'adminAdjust',
    'ledger',
    async ({ req, params, body, unit }) => {
      const op = requireOperator(req.operator);
      await approvals.gate(
        op,
        'adminAdjust',
        `member:${params.memberId}`,
        await walletAdmin.adjustValue(params.memberId, body),
        { params, body },
      );
      return unit.commit((q) => walletAdmin.adjust(q, op, params.memberId, body));
    },
    o,
  );
  bindRoute(
    app,
    'adminWaiveTurnover',
    async ({ req, params, body }) => {
      const op = requireOperator(req.operator);
      // What is valued here is the most it waives, now or on approval (9775 if more by then).
      const missing = await walletAdmin.missingTurnover(params.memberId);
      await approvals.gate(
        op,
        'adminWaiveTurnover',
        `member:${params.memberId}`,
        { asset: 'CNY', units: missing },
        { params, body, missing: missing.toString() },
      );
      return walletAdmin.waive(op, params.memberId, body.reason, missing);
    },
    o,
  );
  bindRoute(app, 'adminReconcile', () => walletAdmin.reconcile(), o);
}
