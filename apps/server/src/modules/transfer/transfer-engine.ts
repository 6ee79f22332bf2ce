import { createHash } from 'node:crypto';
import { ErrorCode } from '@nebula/protocol';
import {
  merchantDefiniteFailures,
  type TransferStatus as VenueTransferStatus,
} from '@nebula/protocol/venue/merchant';
import { fenToYuanString, parseMoney } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { MerchantClient, MerchantOutcome } from '../venue-registry/merchant-client';
import type { VenueRegistry, VenueRow } from '../venue-registry/venue-registry.service';
import { playerIdOf } from '../venue-registry/player-id';
import * as repo from './transfer.repository';
import type { TransferKind, TransferRow } from './transfer.repository';
import { saveVenueAnswer } from './venue-debt.repository';

/**
 * Points where a test may kill the process (`kill -9`), to prove every crash point is safe.
 * Refused in production by the configuration.
 */
export type CrashPoint = 'transfer.inflight' | 'transfer.answered';
export type CrashHook = (point: CrashPoint) => void;

/** A transfer id derived from who asks and their idempotency key: a retry finds the same id. */
export function deriveTransferId(prefix: string, ...parts: (string | number)[]): string {
  return `${prefix}${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 31)}`;
}

/** What a venue's answer about a transfer id means for the money. */
export type Verdict =
  | { kind: 'applied'; balance: bigint | null; debt: bigint | null }
  | { kind: 'failed'; code: number }
  | { kind: 'unknown'; reason: string };

/**
 * Only the contract's definite failures and a final `not_found` mean "did not and will not
 * apply". Everything else — a timeout, a 5xx, an auth refusal, a conflict, an answer about
 * another id — is unknown: the money stays where it is until a definite answer comes.
 */
export function verdictOf(
  transferId: string,
  outcome: MerchantOutcome<VenueTransferStatus>,
): Verdict {
  if (outcome.kind === 'unknown') return { kind: 'unknown', reason: outcome.reason };
  if (outcome.kind === 'refused') {
    return merchantDefiniteFailures.includes(outcome.code)
      ? { kind: 'failed', code: outcome.code }
      : { kind: 'unknown', reason: `refused ${outcome.code}` };
  }
  const s = outcome.data;
  if (s.transferId !== transferId) return { kind: 'unknown', reason: 'answer about another id' };
  if (s.status === 'applied') {
    const debt = s.debt === undefined ? null : parseMoney(s.debt);
    return { kind: 'applied', balance: parseMoney(s.balance), debt };
  }
  if (s.status === 'not_found') return { kind: 'failed', code: ErrorCode.TransferNotReceived };
  return merchantDefiniteFailures.includes(s.code)
    ? { kind: 'failed', code: s.code }
    : { kind: 'unknown', reason: `refused ${s.code}` };
}

/** Asking again: 10 s, then doubling up to 5 minutes. */
export function nextCheckDelay(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.min(attempts, 5), 300_000);
}
/** A new transfer is first asked about after this (its own call may still be on its way). */
export const FIRST_CHECK_MS = 10_000;

export interface EngineDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  registry: VenueRegistry;
  merchant: MerchantClient;
  log: FastifyBaseLogger;
  crash?: CrashHook;
}

export interface NewTransfer {
  id: string;
  memberId: number;
  venue: VenueRow;
  direction: 'in' | 'out';
  amount: bigint;
  kind: TransferKind;
}

/**
 * The money of a transfer (contract §6), step by step so that every crash point is safe:
 * - in: main → transit, committed with the pending row; then the venue is called; applied →
 *   transit → `venue-float:{code}`; a definite failure → transit → main.
 * - out: a pending row and no posting; then the venue; applied → `venue-float:{code}` → main.
 * Each completion is a compare-and-set from pending with its ledger entry in one transaction,
 * referenced by the transfer id, so the call's answer, the resolver and an operator may race
 * and the money moves once.
 */
export class TransferEngine {
  constructor(private readonly d: EngineDeps) {}

  /**
   * Commits the pending transfer (and, in, its money into transit). Returns the existing row
   * when the id exists already. An in beyond the main balance is recorded as failed (7001),
   * so a retry answers the same.
   */
  async open(t: NewTransfer): Promise<{ row: TransferRow; fresh: boolean }> {
    const now = this.d.clock.now();
    try {
      const opened = await this.d.db.tx(async (q) => {
        const row = await repo.insertTransfer(q, this.#rowOf(t), now, now + FIRST_CHECK_MS);
        if (!row) return null;
        if (t.direction === 'in') {
          await this.d.ledger.post(q, {
            reference: `transfer:${t.id}:in`,
            kind: 'transferIn',
            memo: t.venue.name,
            memberId: t.memberId,
            postings: [
              { account: { memberId: t.memberId, kind: 'main' }, amount: -t.amount },
              { account: { memberId: t.memberId, kind: 'transit' }, amount: t.amount },
            ],
          });
        }
        // After the member's ledger rows, as every completion takes them: never a lock cycle.
        await repo.ensureVenueAccount(q, t.memberId, t.venue.code, null);
        return row;
      });
      if (opened) return { row: opened, fresh: true };
      return { row: (await repo.readTransfer(this.d.db, t.id))!, fresh: false };
    } catch (err) {
      if (!(err instanceof AppError && err.code === ErrorCode.InsufficientBalance)) throw err;
      // Nothing moved; the attempt is kept as failed so a retry of the key answers the same.
      await this.d.db.tx(async (q) => {
        if ((await repo.insertTransfer(q, this.#rowOf(t), now, now)) !== null)
          await repo.completeTransfer(q, t.id, 'failed', {
            failureCode: ErrorCode.InsufficientBalance,
            answer: 'main balance insufficient',
            by: 'platform',
            now,
          });
      });
      return { row: (await repo.readTransfer(this.d.db, t.id))!, fresh: false };
    }
  }

  #rowOf(t: NewTransfer) {
    return {
      id: t.id,
      memberId: t.memberId,
      venueCode: t.venue.code,
      direction: t.direction,
      amount: t.amount,
      kind: t.kind,
    };
  }

  /** Calls the venue for a fresh pending transfer and applies what it answered. */
  async send(row: TransferRow, venue: VenueRow): Promise<TransferRow> {
    this.d.crash?.('transfer.inflight');
    const outcome = await this.d.merchant.call(this.d.registry.target(venue), 'transfer', {
      venueCode: venue.code,
      playerId: playerIdOf(row.memberId),
      transferId: row.id,
      direction: row.direction,
      amount: fenToYuanString(row.amount),
    });
    this.d.crash?.('transfer.answered');
    return this.apply(row, verdictOf(row.id, outcome), 'call');
  }

  /** Asks the venue the fate of a pending transfer and applies a definite answer. */
  async check(row: TransferRow, by: string, inTx?: (q: Queryable) => Promise<void>) {
    const venue = await this.d.registry.require(row.venueCode);
    const outcome = await this.d.merchant.call(this.d.registry.target(venue), 'transferStatus', {
      venueCode: venue.code,
      transferId: row.id,
    });
    const verdict = verdictOf(row.id, outcome);
    return { verdict, row: await this.apply(row, verdict, by, inTx) };
  }

  /**
   * Applies a verdict: applied or failed completes the transfer with its money (once);
   * unknown keeps it pending and schedules the next question.
   */
  async apply(
    row: TransferRow,
    verdict: Verdict,
    by: string,
    inTx?: (q: Queryable) => Promise<void>,
  ): Promise<TransferRow> {
    const now = this.d.clock.now();
    if (verdict.kind === 'unknown') {
      await repo.notePending(
        this.d.db,
        row.id,
        verdict.reason,
        now,
        now + nextCheckDelay(row.attempts),
      );
      this.d.log.warn(
        { transferId: row.id, reason: verdict.reason },
        'venue transfer outcome unknown',
      );
      return (await repo.readTransfer(this.d.db, row.id))!;
    }
    const venueName = (await this.d.registry.get(row.venueCode))?.name ?? row.venueCode;
    const completed = await this.d.db.tx(async (q) => {
      const done = await repo.completeTransfer(
        q,
        row.id,
        verdict.kind === 'applied' ? 'succeeded' : 'failed',
        {
          failureCode: verdict.kind === 'failed' ? verdict.code : null,
          answer: verdict.kind,
          by,
          now,
        },
      );
      // Someone else completed it first: their entry moved the money.
      if (!done) return null;
      const member = { memberId: row.memberId };
      const float = { house: `venue-float:${row.venueCode}` as const };
      const ref = (step: string) => `transfer:${row.id}:${step}`;
      if (verdict.kind === 'applied') {
        if (row.direction === 'in') {
          await this.d.ledger.post(q, {
            reference: ref('applied'),
            kind: 'transferInApplied',
            memo: venueName,
            memberId: row.memberId,
            postings: [
              { account: { ...member, kind: 'transit' }, amount: -row.amount },
              { account: float, amount: row.amount },
            ],
          });
        } else {
          await this.d.ledger.post(q, {
            reference: ref('out'),
            kind: 'transferOut',
            memo: venueName,
            memberId: row.memberId,
            postings: [
              { account: float, amount: -row.amount },
              { account: { ...member, kind: 'main' }, amount: row.amount },
            ],
          });
        }
        // The venue's balance and debt as it answered (a transfer in repays the debt first).
        await saveVenueAnswer(q, row.memberId, row.venueCode, verdict, now);
      } else if (row.direction === 'in') {
        await this.d.ledger.post(q, {
          reference: ref('refund'),
          kind: 'transferRefund',
          memo: venueName,
          memberId: row.memberId,
          postings: [
            { account: { ...member, kind: 'transit' }, amount: -row.amount },
            { account: { ...member, kind: 'main' }, amount: row.amount },
          ],
        });
      }
      await inTx?.(q);
      return done;
    });
    return completed ?? (await repo.readTransfer(this.d.db, row.id))!;
  }
}
