import type { FastifyInstance } from 'fastify';
import type { FourEyesGate } from '../../http/four-eyes-gate';
import { requireMember } from '../../http/member-context';
import { bindKeyedMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { TransferResolverService } from './transfer-resolver.service';
import type { TransferService } from './transfer.service';
import type { VenueDebtService } from './venue-debt.service';

/** Transfers main ↔ venue (contract §6), the operators' pending transfers and venue debts. */
export function registerTransferRoutes(
  app: FastifyInstance,
  s: {
    transfers: TransferService;
    resolver: TransferResolverService;
    debts: VenueDebtService;
    approvals: FourEyesGate;
  },
  o: BindOptions,
): void {
  const member = (ctx: Parameters<typeof requireMember>[0]) => requireMember(ctx).memberId;
  bindKeyedMoneyRoute(
    app,
    'transferOrder',
    ({ ctx, body, key }) => s.transfers.order(member(ctx), key, body),
    o,
  );
  bindKeyedMoneyRoute(
    app,
    'transferRecall',
    ({ ctx, body, key }) => s.transfers.recallForMember(member(ctx), key, body.venueCode),
    o,
  );
  bindRoute(app, 'transferOrders', ({ ctx, query }) => s.transfers.orders(member(ctx), query), o);
  bindRoute(app, 'transferPrefs', ({ ctx }) => s.transfers.prefs(member(ctx)), o);
  bindRoute(
    app,
    'transferPrefsSet',
    ({ ctx, body }) => s.transfers.setPrefs(member(ctx), body.appSendMoney),
    o,
  );
  bindRoute(app, 'walletSync', ({ ctx }) => s.transfers.sync(member(ctx)), o);

  bindRoute(app, 'adminTransfers', ({ query }) => s.resolver.list(query), o);
  bindRoute(
    app,
    'adminTransferResolve',
    ({ req, params, body }) =>
      s.resolver.resolve(requireOperator(req.operator), params.transferId, body.reason),
    o,
  );
  bindRoute(app, 'adminVenueDebts', ({ query }) => s.debts.list(query), o);
  bindRoute(
    app,
    'adminVenueDebtWriteOff',
    // A write-off above the money threshold waits for a second operator (contract §4.1).
    async ({ req, params, body }) => {
      const op = requireOperator(req.operator);
      // The amount valued here is the amount written off, now or on approval (9780 if moved).
      const held = await s.debts.heldAt(params.memberId, params.code);
      await s.approvals.gate(
        op,
        'adminVenueDebtWriteOff',
        `member:${params.memberId}:venue:${params.code}`,
        { asset: 'CNY', units: held },
        { params, body, held: held.toString() },
      );
      return s.debts.writeOff(op, params.memberId, params.code, body.reason, held);
    },
    o,
  );
  bindKeyedMoneyRoute(
    app,
    'adminMemberRecall',
    ({ req, params, body, key }) =>
      s.resolver.recallForMember(requireOperator(req.operator), params.memberId, key, body.reason),
    o,
  );
}
