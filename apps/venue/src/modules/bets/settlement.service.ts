import { parseSelectionId, type LegResult } from '@nebula/protocol/venue/markets';
import { legResult } from '@nebula/protocol/venue/settlement';
import type { Db } from '@nebula/db';
import * as events from '../events/event.service';
import type { LeaderLease } from '../../infra/leader-lease.service';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import { eventSelections, flagCorrected } from './bet-correction.repository';
import { clearEventLiability, releaseReservations } from './liability.repository';
import { markSettled, setLegResults, settleableBets } from './bet-settlement.repository';
import type { BetRow } from './bet.types';
import { decide, type CorrectionService } from './correction.service';
import { betVersion } from './bet-view.model';
import { insertVersions } from './bet-version.repository';

/** Each open selection's result from the event's result; null while its period is unknown. */
function selectionResult(ev: events.EventRow, selectionId: string): LegResult | null {
  if (ev.status === 'cancelled') return 'void';
  const key = parseSelectionId(selectionId);
  if (!key) return 'void';
  const score = key.period === '1h' ? ev.halfTime : ev.status === 'finished' ? ev.score : null;
  if (!score) return null;
  return legResult(key.kind, key.outcome, key.line100, score);
}

/**
 * Settlement (docs/architecture.md, "The house venue"), set-based: an event's result is written
 * onto all its open legs in one statement per event, then the bets it completes are settled in
 * batches — each batch one fenced transaction that marks the bets settled only where still open at
 * the version read, credits each player once with the sum of their returns, writes one entry per
 * paying bet under a unique reference and releases the reservations. A crash anywhere leaves either
 * the whole batch or none of it; the next tick picks up what is left, and nothing settles twice.
 */
export class SettlementService {
  #batches = 0;

  constructor(
    private readonly db: Db,
    private readonly corrections: CorrectionService,
    private readonly ledger: VenueLedger,
    private readonly now: () => number,
    private readonly opts: { batch: number; crashAtBatch?: number | null } = { batch: 2000 },
  ) {}

  /**
   * Settles what every finished (or half-time) event completes, then every bet a correction
   * flagged (also those a crash left flagged); answers bets settled or settled anew.
   */
  async settleDue(lease: LeaderLease): Promise<number> {
    let settled = 0;
    // Pages of 200 events until none is left (after downtime many finish at once); bounded so
    // a tick always ends.
    for (let page = 0; page < 50; page += 1) {
      const due = await events.eventsToSettle(this.db);
      for (const ev of due) settled += await this.settleEvent(lease, ev);
      if (due.length < 200) break;
    }
    settled += await this.corrections.recheckDue((fn) => lease.write(fn));
    return settled;
  }

  async settleEvent(lease: LeaderLease, ev: events.EventRow): Promise<number> {
    const selections = await eventSelections(this.db, ev.id);
    const results = selections
      .map((selectionId) => ({ selectionId, result: selectionResult(ev, selectionId) }))
      .filter((r): r is { selectionId: string; result: LegResult } => r.result !== null);
    const finished = ev.status === 'finished' || ev.status === 'cancelled';
    await lease.write(async (q) => {
      // A corrected result flags the bets it already settled before their legs change.
      await flagCorrected(q, ev.id, results);
      await setLegResults(q, ev.id, results);
    });
    let settled = 0;
    for (;;) {
      const batch = await settleableBets(this.db, ev.id, this.opts.batch);
      if (batch.length === 0) break;
      settled += await lease.write((q) => this.#settleBatch(q, batch));
    }
    // Only once every batch is in: a crash before this leaves the event due, and the next
    // tick finishes its bets (each settles once: the batches are compare-and-set).
    await lease.write(async (q) => {
      if (finished) {
        await events.markSettled(q, ev.id, 'ft', ev.version);
        // Whatever a crash left reserved on its selections goes with the event.
        await clearEventLiability(q, ev.id);
      }
      if (ev.halfTime) await events.markSettled(q, ev.id, '1h', ev.version);
    });
    return settled;
  }

  async #settleBatch(q: Parameters<Parameters<Db['tx']>[0]>[0], batch: BetRow[]): Promise<number> {
    const now = this.now();
    const rows = batch.map((bet) => {
      const d = decide(bet);
      return { bet, id: bet.id, version: bet.version, result: d.result!, payout: d.payout! };
    });
    const done = await markSettled(q, rows, now);
    const mine = rows.filter((r) => done.has(r.id));
    // One statement: one credit per player whatever the number of their bets in the batch.
    await this.ledger.postMany(
      q,
      mine
        .filter((r) => r.payout > 0n)
        .map((r) => ({
          reference: `settle:${r.id}:${r.version + 1}`,
          kind: 'bet_payout',
          postings: [
            { account: bookAccount(r.bet), amount: -r.payout },
            { account: playerAccount(r.bet), amount: r.payout },
          ],
        })),
    );
    await releaseReservations(
      q,
      mine.map((r) => r.bet),
    );
    this.#batches += 1;
    if (this.#batches === this.opts.crashAtBatch) {
      // The test hook (never in production): die as a machine would, mid-transaction.
      process.kill(process.pid, 'SIGKILL');
    }
    await insertVersions(
      q,
      mine.map((r) => ({
        merchant: r.bet.merchant,
        venueCode: r.bet.venueCode,
        body: betVersion(
          {
            ...r.bet,
            status: 'settled',
            result: r.result,
            payout: r.payout,
            settledAt: now,
            version: r.version + 1,
          },
          'settled',
        ),
      })),
    );
    return mine.length;
  }
}
