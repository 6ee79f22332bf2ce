import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { PaymentAccountService } from './payment-account.service';

export function registerPaymentAccountRoutes(
  app: FastifyInstance,
  accounts: PaymentAccountService,
  o: BindOptions,
): void {
  const member = (ctx: Parameters<typeof requireMember>[0]) => requireMember(ctx).memberId;
  bindRoute(app, 'banks', () => Promise.resolve(accounts.banks()), o);
  bindRoute(app, 'paymentAccounts', ({ ctx }) => accounts.list(member(ctx)), o);
  bindRoute(
    app,
    'paymentAccountAdd',
    ({ ctx, body }) => accounts.add(member(ctx), body, ctx.ip),
    o,
  );
  bindRoute(
    app,
    'paymentAccountRemove',
    async ({ ctx, params }) => {
      await accounts.remove(member(ctx), params.id);
      return null;
    },
    o,
  );
}
