import { fenToYuanString } from '@nebula/protocol';
import type { FastifyInstance } from 'fastify';
import type { LedgerService } from '../../ledger/ledger.service';
import { requireMember } from '../../http/member-context';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { PaymentAccountService } from '../payment/payment-account.service';
import type { CoinService } from './coin.service';
import type { DepositService } from './deposit.service';
import type { LimitsService } from './limits.service';
import type { RecordsService } from './records.service';
import type { TurnoverService } from './turnover.service';
import type { WithdrawService } from './withdraw.service';

export interface WalletRouteServices {
  ledger: LedgerService;
  deposits: DepositService;
  withdrawals: WithdrawService;
  turnover: TurnoverService;
  records: RecordsService;
  coin: CoinService;
  limits: LimitsService;
  accounts: PaymentAccountService;
}

const VENUE_NAMES: Record<string, string> = {};

export function registerWalletRoutes(
  app: FastifyInstance,
  s: WalletRouteServices,
  o: BindOptions,
): void {
  const member = (ctx: Parameters<typeof requireMember>[0]) => requireMember(ctx).memberId;
  bindRoute(
    app,
    'walletBalances',
    async ({ ctx }) => {
      const b = await s.ledger.balances(o.db, member(ctx));
      return {
        main: fenToYuanString(b.main),
        locked: fenToYuanString(b.locked),
        coin: b.coin.toString(),
        venues: [...b.venues].map(([code, balance]) => ({
          code,
          name: VENUE_NAMES[code] ?? code,
          balance: fenToYuanString(balance),
        })),
      };
    },
    o,
  );
  bindRoute(app, 'depositChannels', async () => ({ list: await s.deposits.channels() }), o);
  bindRoute(
    app,
    'depositOrder',
    ({ ctx, body, tx }) => tx((q) => s.deposits.create(q, member(ctx), body)),
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
  bindRoute(
    app,
    'depositCancel',
    ({ ctx, params, tx }) => tx((q) => s.deposits.cancel(q, member(ctx), params.orderId)),
    o,
  );
  bindRoute(
    app,
    'sandboxOrder',
    ({ ctx, params }) => s.deposits.sandboxOrder(member(ctx), params.orderId),
    o,
  );
  // The gateway's own callback credits the order, outside this call's transaction: the key is
  // claimed first, so a duplicate tap meanwhile gets 7004 and cannot store another answer.
  bindRoute(
    app,
    'sandboxPay',
    async ({ ctx, params, claimFirst }) => {
      await claimFirst();
      return s.deposits.sandboxPay(member(ctx), params.orderId);
    },
    o,
  );
  bindRoute(app, 'withdrawPrecheck', ({ ctx }) => s.withdrawals.precheck(member(ctx)), o);
  bindRoute(
    app,
    'withdrawOrder',
    ({ ctx, body, tx }) => s.withdrawals.create(member(ctx), body, tx),
    o,
  );
  bindRoute(
    app,
    'withdrawOrders',
    ({ ctx, query }) => s.withdrawals.list(member(ctx), query.page, query.pageSize),
    o,
  );
  bindRoute(app, 'turnover', ({ ctx }) => s.turnover.view(member(ctx)), o);
  bindRoute(app, 'records', ({ ctx, query }) => s.records.page(member(ctx), query), o);
  bindRoute(app, 'coinInfo', ({ ctx }) => s.coin.info(member(ctx)), o);
  bindRoute(
    app,
    'coinBuy',
    ({ ctx, body, tx }) => tx((q) => s.coin.buy(q, member(ctx), body.coins)),
    o,
  );
  bindRoute(app, 'depositLimits', ({ ctx }) => s.limits.view(member(ctx)), o);
  bindRoute(
    app,
    'depositLimitSet',
    ({ ctx, body }) => s.limits.set(member(ctx), body.period, body.amount),
    o,
  );
  bindRoute(app, 'banks', () => Promise.resolve(s.accounts.banks()), o);
  bindRoute(app, 'paymentAccounts', ({ ctx }) => s.accounts.list(member(ctx)), o);
  bindRoute(app, 'paymentAccountAdd', ({ ctx, body }) => s.accounts.add(member(ctx), body), o);
  bindRoute(
    app,
    'paymentAccountRemove',
    async ({ ctx, params }) => {
      await s.accounts.remove(member(ctx), params.id);
      return null;
    },
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
  deposits: DepositService,
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
        const answer = await deposits.callback(
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
