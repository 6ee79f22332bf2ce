import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { CoinService } from './coin.service';
import type { RecordsService } from './records.service';
import type { TurnoverService } from './turnover.service';
import type { WalletService } from './wallet.service';

export interface WalletRouteServices {
  wallet: WalletService;
  turnover: TurnoverService;
  records: RecordsService;
  coin: CoinService;
}

export function registerWalletRoutes(
  app: FastifyInstance,
  s: WalletRouteServices,
  o: BindOptions,
): void {
  const member = (ctx: Parameters<typeof requireMember>[0]) => requireMember(ctx).memberId;
  bindRoute(app, 'walletBalances', ({ ctx }) => s.wallet.balances(member(ctx)), o);
  bindRoute(app, 'turnover', ({ ctx }) => s.turnover.view(member(ctx)), o);
  bindRoute(app, 'records', ({ ctx, query }) => s.records.page(member(ctx), query), o);
  bindRoute(app, 'coinInfo', ({ ctx }) => s.coin.info(member(ctx)), o);
  bindMoneyRoute(
    app,
    'coinBuy',
    'ledger',
    ({ ctx, body, unit }) => unit.commit((q) => s.coin.buy(q, member(ctx), body.coins)),
    o,
  );
}
