import { fenToYuanString, type WalletBalances } from '@nebula/protocol';
import type { VenueRow } from '../venue-registry/venue-registry.service';
import type { WalletFacts } from './transfer.repository';
import { heldOf } from './venue-debt.repository';

/**
 * Where the member's money is, from the wallet's facts: main, locked, coin, every venue as it
 * last answered (with when, its debt and what of it is held back from withdrawal), and
 * transfers in flight — money on its way in has left main and sits in transit; money on its
 * way out is still in the venue's last answer.
 */
export function walletView(facts: WalletFacts, venues: readonly VenueRow[]): WalletBalances {
  const accounts = facts.venues;
  const pending = facts.pending;
  const kind = (k: string) => facts.accounts.get(k) ?? 0n;
  const b = {
    main: kind('main'),
    locked: kind('locked'),
    coin: kind('coin'),
    transit: kind('transit'),
  };
  const byCode = new Map(accounts.map((a) => [a.venueCode, a]));
  const pendingOf = (code: string, direction: 'in' | 'out') =>
    pending
      .filter((p) => p.venueCode === code && p.direction === direction)
      .reduce((s, p) => s + p.amount, 0n);
  let venueTotal = 0n;
  let pendingOut = 0n;
  let debtHeld = 0n;
  const list = venues.map((v) => {
    const a = byCode.get(v.code);
    const balance = a?.balance ?? 0n;
    const held = a ? heldOf(a) : 0n;
    venueTotal += balance;
    pendingOut += pendingOf(v.code, 'out');
    debtHeld += held;
    return {
      code: v.code,
      name: v.name,
      balance: fenToYuanString(balance),
      syncedAt: a?.syncedAt ?? null,
      status: v.status,
      pendingIn: fenToYuanString(pendingOf(v.code, 'in')),
      pendingOut: fenToYuanString(pendingOf(v.code, 'out')),
      debt: fenToYuanString(a?.debt ?? 0n),
      debtHeld: fenToYuanString(held),
    };
  });
  return {
    main: fenToYuanString(b.main),
    locked: fenToYuanString(b.locked),
    coin: b.coin.toString(),
    venues: list,
    debtHeld: fenToYuanString(debtHeld),
    inFlight: fenToYuanString(b.transit + pendingOut),
    total: fenToYuanString(b.main + b.locked + venueTotal + b.transit),
  };
}
