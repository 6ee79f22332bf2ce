import type { Queryable } from '@nebula/db';
import { parseAccount, type WalletKey } from './venue-accounts.model';
import * as repo from './venue-ledger.repository';

export interface VenuePosting {
  account: string;
  /** Integer fen; never zero. */
  amount: bigint;
}

export interface VenueEntry {
  /** Unique for ever: writing it again fails the caller's transaction. */
  reference: string;
  kind: string;
  /** Sum to zero. */
  postings: VenuePosting[];
}

export interface PostOptions {
  /**
   * What a player's debit beyond the balance does: refuse the whole post (the default: a
   * transfer out, a stake) or empty the wallet and owe the rest as a debt (a correction takes
   * back a payout the player has already moved out).
   */
  overdraw?: 'refuse' | 'debt';
}

export type PostResult =
  | { posted: true; wallets: repo.WalletState[] }
  /** A debit found less than it takes: nothing was written. */
  | { posted: false };

/** A stake entry validated for the placement's statement (see venue-ledger.sql.ts). */
export interface StakeDebit {
  wallet: WalletKey;
  amount: bigint;
  reference: string;
  kind: string;
  accounts: string[];
  amounts: bigint[];
}

/** A stake and its return validated for one statement (see `settledStakeCtes`). */
export interface SettledStake extends StakeDebit {
  /** What the same wallet gets back; 0 when nothing (then no payout entry). */
  credit: bigint;
  payout: { reference: string; kind: string; accounts: string[]; amounts: bigint[] };
}

export class VenueLedgerError extends Error {}

const keyOf = (w: WalletKey) => `${w.merchant}\n${w.venueCode}\n${w.playerId}`;

/**
 * The only writer of the venue's money (`venue_wallets`, `venue_entries`, `venue_postings`;
 * the `venue-ledger-writers` lint rule keeps it so). Every move is a balanced entry of integer
 * fen under a unique reference, on accounts of the venue; a wallet moves only by the postings
 * to its player account, in the same statement, so `balance − debt` equals its postings at
 * every commit (contract §6 for debts: later credits repay them first).
 */
export class VenueLedger {
  constructor(private readonly now: () => number) {}

  /** Posts one entry inside the caller's transaction. */
  post(q: Queryable, entry: VenueEntry, opts: PostOptions = {}): Promise<PostResult> {
    return this.postMany(q, [entry], opts);
  }

  /**
   * Posts a batch (a settlement's payouts) in one statement: one move per wallet whatever the
   * number of its entries, wallets locked in key order. All or nothing.
   */
  async postMany(
    q: Queryable,
    entries: readonly VenueEntry[],
    opts: PostOptions = {},
  ): Promise<PostResult> {
    if (entries.length === 0) return { posted: true, wallets: [] };
    const references = new Set<string>();
    const wallets = new Map<string, repo.WalletDelta>();
    const postings: repo.LedgerBatch['postings'] = [];
    for (const e of entries) {
      if (references.has(e.reference)) {
        throw new VenueLedgerError(`reference ${e.reference} twice in one batch`);
      }
      references.add(e.reference);
      for (const p of validated(e)) {
        postings.push({ reference: e.reference, account: p.account, amount: p.amount });
        if (p.wallet) {
          const k = keyOf(p.wallet);
          const w = wallets.get(k) ?? { ...p.wallet, delta: 0n };
          w.delta += p.amount;
          wallets.set(k, w);
        }
      }
    }
    const moves = [...wallets.entries()]
      .filter(([, w]) => w.delta !== 0n)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, w]) => w);
    const r = await repo.writeBatch(q, {
      entries: entries.map((e) => ({ reference: e.reference, kind: e.kind })),
      postings,
      wallets: moves,
      allowDebt: opts.overdraw === 'debt',
      now: this.now(),
    });
    if (!r.ok) return { posted: false };
    if (
      r.entries !== entries.length ||
      r.postings !== postings.length ||
      r.wallets.length !== moves.length
    ) {
      // Never expected: the statement wrote part of a batch; the caller's transaction must not
      // commit it.
      throw new VenueLedgerError(`a batch of ${entries.length} entries was written in part`);
    }
    return { posted: true, wallets: r.wallets };
  }

  /**
   * Validates a stake entry for the placement's one statement: balanced, on venue accounts,
   * and moving exactly one wallet down (the stake taken there by `stakeDebitCtes`).
   */
  prepareStake(entry: VenueEntry): StakeDebit {
    const postings = validated(entry);
    const moved = new Map<string, { wallet: WalletKey; delta: bigint }>();
    for (const p of postings) {
      if (!p.wallet) continue;
      const m = moved.get(keyOf(p.wallet)) ?? { wallet: p.wallet, delta: 0n };
      m.delta += p.amount;
      moved.set(keyOf(p.wallet), m);
    }
    const [only, ...more] = [...moved.values()];
    if (!only || more.length > 0 || only.delta >= 0n) {
      throw new VenueLedgerError(`stake ${entry.reference} must take from one wallet`);
    }
    return {
      wallet: only.wallet,
      amount: -only.delta,
      reference: entry.reference,
      kind: entry.kind,
      accounts: postings.map((p) => p.account),
      amounts: postings.map((p) => p.amount),
    };
  }

  /**
   * Validates a bet settled the moment it is taken (a slot spin) for one statement: the stake
   * as `prepareStake` takes it, and the payout, when there is one, balanced, on venue accounts
   * and moving only the stake's wallet, up.
   */
  prepareSettledStake(stake: VenueEntry, payout: VenueEntry | null): SettledStake {
    const s = this.prepareStake(stake);
    if (!payout) {
      return { ...s, credit: 0n, payout: { reference: '', kind: '', accounts: [], amounts: [] } };
    }
    if (payout.reference === stake.reference) {
      throw new VenueLedgerError(`reference ${stake.reference} twice in one statement`);
    }
    let credit = 0n;
    for (const p of validated(payout)) {
      if (!p.wallet) continue;
      if (keyOf(p.wallet) !== keyOf(s.wallet)) {
        throw new VenueLedgerError(`payout ${payout.reference} moves another wallet`);
      }
      credit += p.amount;
    }
    if (credit <= 0n) throw new VenueLedgerError(`payout ${payout.reference} must credit`);
    return {
      ...s,
      credit,
      payout: {
        reference: payout.reference,
        kind: payout.kind,
        accounts: payout.postings.map((p) => p.account),
        amounts: payout.postings.map((p) => p.amount),
      },
    };
  }

  /** A wallet's balance and debt (0 and 0 for a player who never had one). */
  wallet(q: Queryable, k: WalletKey) {
    return repo.readWallet(q, k);
  }

  /** The wallet's debt, its row locked until the transaction ends (a write-off reads it). */
  async lockedDebt(q: Queryable, k: WalletKey): Promise<bigint> {
    return (await repo.readWallet(q, k, { lock: true })).debt;
  }

  /** Every entry balances and every wallet equals its postings: zeros when the books hold. */
  reconcile(q: Queryable) {
    return repo.reconcile(q);
  }
}

/** The entry's postings, each with its wallet when it is a player's; throws if malformed. */
function validated(e: VenueEntry): (VenuePosting & { wallet: WalletKey | null })[] {
  if (!e.reference || !e.kind) throw new VenueLedgerError('an entry needs a reference and kind');
  if (e.postings.length < 2) throw new VenueLedgerError(`entry ${e.reference} posts once`);
  const out = e.postings.map((p) => {
    if (typeof p.amount !== 'bigint' || p.amount === 0n) {
      throw new VenueLedgerError(`entry ${e.reference}: a posting is not a non-zero fen amount`);
    }
    const account = parseAccount(p.account);
    if (!account) throw new VenueLedgerError(`entry ${e.reference}: no account ${p.account}`);
    return { ...p, wallet: account.kind === 'player' ? account.wallet : null };
  });
  const sum = out.reduce((s, p) => s + p.amount, 0n);
  if (sum !== 0n) throw new VenueLedgerError(`entry ${e.reference} does not balance (${sum})`);
  return out;
}
