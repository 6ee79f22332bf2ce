import { randomUUID } from 'node:crypto';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import type { LegResult } from '@nebula/protocol/venue/markets';
import type { ResultRequest, UpdateSettingsRequest } from '@nebula/protocol/venue/operator';
import type { Db, Queryable } from '@nebula/db';
import type { BookSettings, BookSettingsService } from '../book/book-settings.service';
import type { CorrectionService } from '../bets/correction.service';
import { betView } from '../bets/bet-view.model';
import * as bets from '../bets/bet.service';
import * as events from '../events/event.service';
import { clockOf } from '../events/event-sync.service';
import { VenueError } from '../../infra/venue-error';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import * as repo from './operator.repository';

const DAY_MS = 24 * 3600_000;
const SHANGHAI_MS = 8 * 3600_000;

export interface Operator {
  name: string;
}

const settingsView = (s: BookSettings) => ({
  marginBp: Number(s.marginBp),
  minStake: fenToYuanString(s.minStake),
  maxStake: fenToYuanString(s.maxStake),
  maxPayout: fenToYuanString(s.maxPayout),
  maxPlayerMarketPayout: fenToYuanString(s.maxPlayerMarketPayout),
  selectionLiability: fenToYuanString(s.selectionLiability),
});

const signedYuan = (fen: bigint) => (fen < 0n ? `-${fenToYuanString(-fen)}` : fenToYuanString(fen));

/**
 * The venue's back office (contract §6). Every change is audited in the transaction that makes
 * it. Results entered here take the event from the feed for good; the leader settles them (and
 * settles anew what a correction changed) on its next tick.
 */
export class OperatorService {
  constructor(
    private readonly db: Db,
    private readonly settings: BookSettingsService,
    private readonly corrections: CorrectionService,
    private readonly ledger: VenueLedger,
    private readonly now: () => number,
  ) {}

  async readSettings() {
    return settingsView(await this.settings.fresh());
  }

  async updateSettings(op: Operator, req: UpdateSettingsRequest) {
    const patch: Partial<BookSettings> = {};
    if (req.marginBp !== undefined) patch.marginBp = BigInt(req.marginBp);
    for (const key of [
      'minStake',
      'maxStake',
      'maxPayout',
      'maxPlayerMarketPayout',
      'selectionLiability',
    ] as const) {
      const v = req[key];
      if (v !== undefined) patch[key] = parseMoney(v);
    }
    const next = { ...(await this.settings.fresh()), ...patch };
    if (next.minStake <= 0n || next.minStake > next.maxStake) {
      throw new VenueError(ErrorCode.VenueRequestInvalid);
    }
    const updated = await this.settings.update(patch, (q) =>
      this.#audit(q, op, 'settings.update', 'book', req),
    );
    return settingsView(updated);
  }

  async holdEvent(op: Operator, eventId: string, held: boolean) {
    return this.db.tx(async (q) => {
      const version = await events.setHeld(q, eventId, held);
      if (version === null) throw new VenueError(ErrorCode.VenueEventUnknown);
      await this.#audit(q, op, held ? 'event.hold' : 'event.reopen', eventId, {});
      return { eventId, version };
    });
  }

  async holdMarket(op: Operator, eventId: string, marketKey: string, held: boolean) {
    return this.db.tx(async (q) => {
      const version = await events.setMarketHeld(q, eventId, marketKey, held);
      if (version === null) throw new VenueError(ErrorCode.VenueEventUnknown);
      await this.#audit(q, op, held ? 'market.hold' : 'market.reopen', marketKey, {});
      return { eventId, version };
    });
  }

  /** Enters or corrects a result; the event leaves the feed. */
  async enterResult(op: Operator, req: ResultRequest) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const done = await this.db.tx(async (q) => {
        const ev = await events.readEvent(q, req.eventId);
        if (!ev) throw new VenueError(ErrorCode.VenueEventUnknown);
        const score = req.score ?? ev.score;
        const halfTime = req.halfTime === undefined ? ev.halfTime : req.halfTime;
        const finished = req.status === 'finished';
        if (
          (finished && ev.startsAt > this.now()) ||
          (finished && req.score === undefined && ev.status !== 'finished') ||
          (finished && ev.sport === 'football' && halfTime === null) ||
          (halfTime && (halfTime.home > score.home || halfTime.away > score.away))
        ) {
          throw new VenueError(ErrorCode.VenueResultInvalid);
        }
        const version = await events.updateEvent(q, ev.id, ev.version, {
          status: req.status,
          minute: null,
          score,
          halfTime,
          suspendedUntil: null,
          resultSource: 'operator',
        });
        if (version === null) return null;
        await events.insertScoreChange(q, {
          eventId: ev.id,
          version,
          status: req.status,
          score: `${score.home}-${score.away}`,
          clock: clockOf({ ...ev, minute: null, score }),
        });
        await this.#audit(q, op, 'event.result', ev.id, {
          before: { status: ev.status, score: ev.score, halfTime: ev.halfTime },
          after: { status: req.status, score, halfTime },
          reason: req.reason,
        });
        return { eventId: ev.id, version };
      });
      if (done) return done;
    }
    // The feed kept moving the row: the operator tries again.
    throw new VenueError(ErrorCode.VenueRequestInvalid);
  }

  async liability(eventId: string) {
    const rows = await repo.eventLiability(this.db, eventId);
    return {
      eventId,
      selections: rows.map((r) => ({ ...r, amount: fenToYuanString(r.amount) })),
      total: fenToYuanString(rows.reduce((s, r) => s + r.amount, 0n)),
    };
  }

  async voidBet(op: Operator, betId: string, reason: string) {
    return this.db.tx(async (q) => {
      await this.corrections.voidBet(q, betId);
      await this.#audit(q, op, 'bet.void', betId, { reason });
      return betView((await bets.readBet(q, betId))!);
    });
  }

  async resettleBet(
    op: Operator,
    betId: string,
    legs: readonly { leg: number; result: LegResult }[],
    reason: string,
  ) {
    return this.db.tx(async (q) => {
      await this.corrections.resettleBet(q, betId, legs);
      await this.#audit(q, op, 'bet.resettle', betId, { legs, reason });
      return betView((await bets.readBet(q, betId))!);
    });
  }

  /** Voids a market in every bet (and holds it); each bet is then settled anew. */
  async voidMarket(op: Operator, eventId: string, marketKey: string, reason: string) {
    const touched = await this.db.tx(async (q) => {
      if ((await events.setMarketHeld(q, eventId, marketKey, true)) === null) {
        throw new VenueError(ErrorCode.VenueEventUnknown);
      }
      const ids = await this.corrections.voidMarket(q, eventId, marketKey);
      await this.#audit(q, op, 'market.void', marketKey, { reason, bets: ids.length });
      return ids;
    });
    // Flagged in the transaction above: a crash here leaves them to the leader's sweep.
    for (const id of touched) await this.db.tx((q) => this.corrections.recheck(q, id));
    return { marketKey, bets: touched.length };
  }

  async player(p: { merchant: string; venueCode: string; playerId: string }) {
    const [{ balance, debt }, open, done] = await Promise.all([
      this.ledger.wallet(this.db, p),
      bets.listPlayerBets(this.db, { ...p, settled: false, limit: 50 }),
      bets.listPlayerBets(this.db, { ...p, settled: true, limit: 50 }),
    ]);
    return {
      balance: fenToYuanString(balance),
      debt: fenToYuanString(debt),
      bets: [...open, ...done]
        .sort((a, b) => b.placedAt - a.placedAt)
        .slice(0, 50)
        .map(betView),
    };
  }

  /**
   * Forgives a player's debt: the book pays it (one entry, the wallet's `balance − debt` still
   * equals its postings) and the merchant's platform learns it at its next balance or transfer
   * answer. Nothing owed: 8046 and nothing changes.
   */
  async writeOffDebt(
    op: Operator,
    p: { merchant: string; venueCode: string; playerId: string },
    reason: string,
  ) {
    return this.db.tx(async (q) => {
      const amount = await this.ledger.lockedDebt(q, p);
      if (amount === 0n) throw new VenueError(ErrorCode.VenuePlayerNoDebt);
      // A credit of exactly the debt: it goes to the debt first (all of it), the balance stays.
      const posted = await this.ledger.post(q, {
        reference: `debt-write-off:${playerAccount(p)}:${randomUUID()}`,
        kind: 'debt_write_off',
        postings: [
          { account: bookAccount(p), amount: -amount },
          { account: playerAccount(p), amount },
        ],
      });
      await this.#audit(q, op, 'player.debtWriteOff', playerAccount(p), {
        amount: fenToYuanString(amount),
        reason,
      });
      const wallet = posted.posted ? posted.wallets[0]! : await this.ledger.wallet(q, p);
      return {
        balance: fenToYuanString(wallet.balance),
        debt: '0.00',
        writtenOff: fenToYuanString(amount),
      };
    });
  }

  async dailyReport(date: string) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const from = Date.UTC(y, m - 1, d) - SHANGHAI_MS;
    if (Number.isNaN(from) || new Date(from + SHANGHAI_MS).toISOString().slice(0, 10) !== date) {
      throw new VenueError(ErrorCode.VenueRequestInvalid);
    }
    const rows = await repo.settledTotals(this.db, from, from + DAY_MS);
    return {
      date,
      rows: rows.map((r) => ({
        sport: r.sport as 'football' | 'basketball' | 'esports' | 'parlay',
        bets: r.bets,
        stakes: fenToYuanString(r.stakes),
        payouts: fenToYuanString(r.payouts),
        ggr: signedYuan(r.stakes - r.payouts),
      })),
    };
  }

  async audit(limit: number) {
    return { entries: await repo.readAudit(this.db, limit) };
  }

  #audit(q: Queryable, op: Operator, action: string, target: string, detail: object) {
    return repo.audit(q, { operator: op.name, action, target, detail, at: this.now() });
  }
}

/** Other modules' back-office changes are audited in the same table, in their transaction. */
export { audit } from './operator.repository';
