import { fenToYuanString, type WalletBalances } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';

const VENUE_NAMES: Record<string, string> = {};

/** A member's wallets as the site shows them: main, locked, coin and one per venue. */
export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
  ) {}

  async balances(memberId: number): Promise<WalletBalances> {
    const b = await this.ledger.balances(this.db, memberId);
    return {
      main: fenToYuanString(b.main),
      locked: fenToYuanString(b.locked),
      coin: b.coin.toString(),
      venues: [...b.venues].map(([code, balance]) => ({
        code,
        name: VENUE_NAMES[code] ?? code,
        balance: fenToYuanString(balance),
        syncedAt: null,
        status: 'open' as const,
        pendingIn: '0.00',
        pendingOut: '0.00',
      })),
      inFlight: '0.00',
      total: fenToYuanString(b.main + b.locked),
    };
  }
}
