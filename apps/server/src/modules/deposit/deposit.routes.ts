import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { DepositLimitsService } from './deposit-limits.service';
import type { DepositCallbackService } from './deposit-callback.service';
import type { DepositService } from './deposit.service';

export function registerDepositRoutes(
  app: FastifyInstance,
  s: { deposits: DepositService; limits: DepositLimitsService },
  o: BindOptions,
): void {
  const member = (ctx: Parameters<typeof requireMember>[0]) => requireMember(ctx).memberId;
  bindRoute(app, 'depositChannels', async () => ({ list: await s.deposits.channels() }), o);
  bindMoneyRoute(
    app,
    'depositOrder',
    'ledger',
    ({ ctx, body, unit }) => unit.commit((q) => s.deposits.create(q, member(ctx), body)),
    o,
  );
  bindRoute(
    app,
    'depositOrders',
    ({ ctx, query }) => s.deposits.list(member(ctx), query.page, query.pageSize),
    o,
  );
  bindRoute(
    app,
    'depositOrderDetail',
    ({ ctx, params }) => s.deposits.detail(member(ctx), params.orderId),
    o,
  );
  bindMoneyRoute(
    app,
    'depositCancel',
    'ledger',
    ({ ctx, params, unit }) =>
      unit.commit((q) => s.deposits.cancel(q, member(ctx), params.orderId)),
    o,
  );
  bindRoute(
    app,
    'sandboxOrder',
    ({ ctx, params }) => s.deposits.sandboxOrder(member(ctx), params.orderId),
    o,
  );
  // The gateway's own callback credits the order, outside this call's transaction: an effect.
  bindMoneyRoute(
    app,
    'sandboxPay',
    'effect',
    ({ ctx, params, unit }) => s.deposits.sandboxPay(unit, member(ctx), params.orderId),
    o,
  );
  bindRoute(app, 'depositLimits', ({ ctx }) => s.limits.view(member(ctx)), o);
  bindRoute(
    app,
    'depositLimitSet',
    ({ ctx, body }) => s.limits.set(member(ctx), body.period, body.amount),
    o,
  );
}

/**
 * The sandbox gateway's callback: signed over the raw body, answered with plain text as the
 * gateway expects. Not part of the member API (no device headers, no envelope). Each gateway
 * has its own path; the service refuses one that is not in service.
 */
export async function registerGatewayCallback(
  app: FastifyInstance,
  callbacks: DepositCallbackService,
): Promise<void> {
  await app.register((scope, _opts, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/fd/api/v1/deposit/callback/sandbox',
      { schema: { hide: true } },
      async (req, reply) => {
        const answer = await callbacks.callback(
          'sandbox',
          typeof req.body === 'string' ? req.body : '',
          req.headers,
        );
        return reply
          .code(answer === 'success' ? 200 : 400)
          .type('text/plain; charset=utf-8')
          .send(answer);
      },
    );
    done();
  });
}
