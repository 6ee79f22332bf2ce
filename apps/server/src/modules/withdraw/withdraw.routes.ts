import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { WithdrawService } from './withdraw.service';

export function registerWithdrawRoutes(
  app: FastifyInstance,
  withdrawals: WithdrawService,
  o: BindOptions,
): void {
  const member = (ctx: Parameters<typeof requireMember>[0]) => requireMember(ctx).memberId;
  bindRoute(app, 'withdrawPrecheck', ({ ctx }) => withdrawals.precheck(member(ctx)), o);
  // The fund password is checked before the transaction (hashing is slow): the service commits.
  bindMoneyRoute(
    app,
    'withdrawOrder',
    'ledger',
    ({ ctx, body, unit }) => withdrawals.create(unit, member(ctx), body),
    o,
  );
  bindRoute(
    app,
    'withdrawOrders',
    ({ ctx, query }) => withdrawals.list(member(ctx), query.page, query.pageSize),
    o,
  );
}
