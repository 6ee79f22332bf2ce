import { ErrorCode, fenToYuanString, type AdminVenueDebt } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ExportSource } from '../../lib/export-source';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { VenueRegistry } from '../venue-registry/venue-registry.service';
import * as repo from './venue-debt.repository';
import { heldOf, type VenueDebtRow } from './venue-debt.repository';

export interface VenueDebtDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  registry: VenueRegistry;
  audit: AuditService;
  members: MemberService;
  /** Asks these venues the member's balance now; what they answer is saved, debt included. */
  ask: (memberId: number, venueCodes: string[]) => Promise<void>;
}

/**
 * Venue debts (contract §6). A venue that took back a win the member had already moved out
 * keeps the shortfall as a debt its later credits repay first; the platform learns it from the
 * venue's answers (balance, transfers, corrected bets) and keeps the latest word per member and
 * venue. That much of the main balance is held back from withdrawal until the venue reports it
 * repaid, or an operator writes it off on the platform (audited; the venue's own debt stands
 * until the venue forgives it through its back office or the member repays it).
 */
export class VenueDebtService {
  constructor(private readonly d: VenueDebtDeps) {}

  /** A debt a venue told at `at` (an older word never overwrites a newer one). */
  note(q: Queryable, memberId: number, venueCode: string, debt: bigint, at: number) {
    return repo.saveVenueDebt(q, memberId, venueCode, debt, at);
  }

  /** What is held back from a member's withdrawals, in total and per venue that holds some. */
  async held(q: Queryable, memberId: number) {
    const rows = (await repo.memberDebts(q, memberId)).filter((r) => heldOf(r) > 0n);
    return { total: rows.reduce((s, r) => s + heldOf(r), 0n), rows };
  }

  /**
   * Before a withdrawal, the venues that hold money back are asked again: a debt the member
   * repaid lifts the hold at once. A venue that does not answer keeps its last word.
   */
  async refresh(memberId: number): Promise<void> {
    const { rows } = await this.held(this.d.db, memberId);
    if (rows.length > 0) await this.d.ask(memberId, [...new Set(rows.map((r) => r.venueCode))]);
  }

  /**
   * In the withdrawal's transaction: the main balance less what is held must cover the amount,
   * else 7035 with the debt, what may be withdrawn and the venues owed.
   */
  async assertWithdrawable(q: Queryable, memberId: number, amount: bigint): Promise<void> {
    const { total, rows } = await this.held(q, memberId);
    if (total === 0n) return;
    const main = (await this.d.ledger.balances(q, memberId)).main;
    const free = main > total ? main - total : 0n;
    if (amount <= free) return;
    throw new AppError(ErrorCode.VenueDebtHeld, {
      debt: fenToYuanString(total),
      withdrawable: fenToYuanString(free),
      venues: await Promise.all(
        rows.map(async (r) => ({
          code: r.venueCode,
          name: (await this.d.registry.get(r.venueCode))?.name ?? r.venueCode,
          debt: fenToYuanString(heldOf(r)),
        })),
      ),
    });
  }

  async list(f: { memberId?: number; venueCode?: string; page: number; pageSize: number }) {
    const r = await repo.listDebts(this.d.db, f, f.pageSize, (f.page - 1) * f.pageSize);
    return {
      list: await this.#present(this.d.db, r.rows),
      page: f.page,
      pageSize: f.pageSize,
      total: r.total,
    };
  }

  /** The debts CSV export's rows (reports/desk-exports.service.ts), by member and venue. */
  exportSource(f: {
    memberId?: number;
    venueCode?: string;
  }): ExportSource<AdminVenueDebt, repo.DebtKey> {
    return {
      count: () => repo.countDebts(this.d.db, f),
      page: async (after, limit) =>
        this.#present(this.d.db, await repo.debtsAfter(this.d.db, f, after, limit)),
      first: [0, ''],
      keyOf: (d) => [d.memberId, d.venueCode],
    };
  }

  /** What the write-off of a member's debt at a venue would excuse now: the four-eyes value. */
  async heldAt(memberId: number, venueCode: string): Promise<bigint> {
    const row = (await repo.memberDebts(this.d.db, memberId)).find(
      (r) => r.venueCode === venueCode,
    );
    return row ? heldOf(row) : 0n;
  }

  /**
   * An operator stops holding a member's debt at a venue back from withdrawal: the whole debt
   * now owed is excused, recorded and audited in one transaction. Nothing held: 7036.
   */
  writeOff(op: Actor, memberId: number, venueCode: string, reason: string, valued: bigint) {
    return this.d.db.tx((q) => this.writeOffIn(q, op, memberId, venueCode, reason, valued));
  }

  /**
   * The write-off inside a caller's transaction (an approved four-eyes request runs it).
   * `valued` is the amount held when the write-off was asked for (what the threshold and the
   * approver saw): a debt that grew or shrank since is refused (9780), never excused unseen.
   */
  async writeOffIn(
    q: Queryable,
    op: Actor,
    memberId: number,
    venueCode: string,
    reason: string,
    valued: bigint,
  ): Promise<AdminVenueDebt> {
    const row = await repo.lockDebt(q, memberId, venueCode);
    const amount = row ? heldOf(row) : 0n;
    if (!row || amount === 0n) throw new AppError(ErrorCode.VenueDebtNone);
    if (amount !== valued) throw new AppError(ErrorCode.VenueDebtChanged);
    const now = this.d.clock.now();
    await repo.writeOff(q, { memberId, venueCode, amount, reason, operator: op.userName, now });
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'member.venueDebtWriteOff',
      target: `member:${memberId}`,
      before: {
        venueCode,
        debt: fenToYuanString(row.debt),
        writtenOff: fenToYuanString(row.writtenOff),
      },
      after: {
        venueCode,
        writtenOff: fenToYuanString(row.debt),
        amount: fenToYuanString(amount),
        reason,
      },
    });
    return (await this.#present(q, [{ ...row, writtenOff: row.debt }]))[0]!;
  }

  async #present(q: Queryable, rows: VenueDebtRow[]): Promise<AdminVenueDebt[]> {
    const names = await this.d.members.userNames(
      q,
      rows.map((r) => r.memberId),
    );
    return Promise.all(
      rows.map(async (r) => ({
        memberId: r.memberId,
        userName: names.get(r.memberId) ?? '',
        venueCode: r.venueCode,
        venueName: (await this.d.registry.get(r.venueCode))?.name ?? r.venueCode,
        debt: fenToYuanString(r.debt),
        writtenOff: fenToYuanString(r.writtenOff),
        held: fenToYuanString(heldOf(r)),
        syncedAt: r.syncedAt,
      })),
    );
  }
}
