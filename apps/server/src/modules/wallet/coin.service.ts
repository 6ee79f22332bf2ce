import { ErrorCode, fenToYuanString, parseMoney, type CoinInfo } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { randomId } from '../../lib/tokens';
import type { SettingsService } from '../settings/settings.service';

/**
 * COIN, the site currency in whole units: bought with main-wallet money at the site rate in
 * one ledger transaction that balances each asset (CNY to the house's sales, COIN from its
 * issuance), and earned from activities.
 */
export class CoinService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly ledger: LedgerService,
  ) {}

  async info(memberId: number, q: Queryable = this.db): Promise<CoinInfo> {
    const [s, b] = await Promise.all([this.settings.get(), this.ledger.balances(q, memberId)]);
    return {
      balance: b.coin.toString(),
      main: fenToYuanString(b.main),
      rate: s.coinRate,
      min: String(s.coinBuyMin),
      max: String(s.coinBuyMax),
    };
  }

  async buy(q: Queryable, memberId: number, coinsText: string): Promise<CoinInfo> {
    const s = await this.settings.get();
    const coins = BigInt(coinsText);
    if (coins < BigInt(s.coinBuyMin))
      throw new AppError(ErrorCode.AmountBelowMin, { min: String(s.coinBuyMin) });
    if (coins > BigInt(s.coinBuyMax))
      throw new AppError(ErrorCode.AmountAboveMax, { max: String(s.coinBuyMax) });
    const cost = coins * parseMoney(s.coinRate);
    await this.ledger.post(q, {
      reference: `coin-buy:${memberId}:${this.clock.now()}:${randomId(6)}`,
      kind: 'coinBuy',
      memo: `购买 ${coins} ${s.currencyName}`,
      memberId,
      postings: [
        { account: { memberId, kind: 'main' }, amount: -cost },
        { account: { house: 'coinSales' }, amount: cost },
        { account: { house: 'coinIssuance' }, amount: -coins },
        { account: { memberId, kind: 'coin' }, amount: coins },
      ],
    });
    return this.info(memberId, q);
  }
}
