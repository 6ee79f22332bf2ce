import type { WalletBalances } from '@nebula/protocol';

/** Where a member's wallets are read from: the ledger and what each venue last answered. */
export interface BalanceSource {
  balances(memberId: number): Promise<WalletBalances>;
}

/**
 * A member's wallets as the site shows them (contract §5–6): main, locked, coin, each venue's
 * balance as the venue answered it (with when), money in flight, and the total. The transfer
 * module knows the venues; this service is the wallet's door to it.
 */
export class WalletService {
  constructor(private readonly source: BalanceSource) {}

  balances(memberId: number): Promise<WalletBalances> {
    return this.source.balances(memberId);
  }
}
