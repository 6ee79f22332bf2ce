import { ts, type Queryable } from '@nebula/db';
import { saveVenueBalance } from './transfer.repository';

/** A member's debt at one venue as the platform knows it. */
export interface VenueDebtRow {
  memberId: number;
  venueCode: string;
  /** The venue's latest word. */
  debt: bigint;
  /** Of it, what operators excused. */
  writtenOff: bigint;
  syncedAt: number | null;
}

interface Raw {
  member_id: number;
  venue_code: string;
  debt: bigint;
  debt_written_off: bigint;
  debt_synced_at: Date | null;
}

const toRow = (r: Raw): VenueDebtRow => ({
  memberId: r.member_id,
  venueCode: r.venue_code,
  debt: r.debt,
  writtenOff: r.debt_written_off,
  syncedAt: r.debt_synced_at?.getTime() ?? null,
});

/** What is held back from withdrawal for one venue: the debt less what was excused. */
export const heldOf = (r: Pick<VenueDebtRow, 'debt' | 'writtenOff'>): bigint =>
  r.debt > r.writtenOff ? r.debt - r.writtenOff : 0n;

/**
 * A debt the venue told at `at`; an older word never overwrites a newer one. What operators
 * excused shrinks with it (a repaid debt uses the write-off up; a new one is held in full).
 */
export async function saveVenueDebt(
  q: Queryable,
  memberId: number,
  venueCode: string,
  debt: bigint,
  at: number,
): Promise<void> {
  await q.query(
    `INSERT INTO venue_accounts (member_id, venue_code, debt, debt_synced_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id, venue_code) DO UPDATE SET debt = EXCLUDED.debt,
       debt_synced_at = EXCLUDED.debt_synced_at,
       debt_written_off = LEAST(venue_accounts.debt_written_off, EXCLUDED.debt)
     WHERE venue_accounts.debt_synced_at IS NULL OR venue_accounts.debt_synced_at <= EXCLUDED.debt_synced_at`,
    [memberId, venueCode, debt, ts(at)],
  );
}

/**
 * A venue's answer of balance and debt, in one statement: each column pair kept only when newer
 * than the one saved (as `saveVenueBalance` and `saveVenueDebt` each do). One statement is its
 * own transaction, so the balance question costs one round trip, not a BEGIN, two upserts and
 * a COMMIT. An answer without one of the two saves the other alone.
 */
export async function saveVenueAnswer(
  q: Queryable,
  memberId: number,
  venueCode: string,
  answer: { balance: bigint | null; debt: bigint | null },
  at: number,
): Promise<void> {
  if (answer.debt === null) {
    if (answer.balance !== null) await saveVenueBalance(q, memberId, venueCode, answer.balance, at);
    return;
  }
  if (answer.balance === null) return saveVenueDebt(q, memberId, venueCode, answer.debt, at);
  const balanceNewer = 'va.synced_at IS NULL OR va.synced_at <= EXCLUDED.synced_at';
  const debtNewer = 'va.debt_synced_at IS NULL OR va.debt_synced_at <= EXCLUDED.debt_synced_at';
  await q.query(
    `INSERT INTO venue_accounts AS va (member_id, venue_code, balance, synced_at, debt, debt_synced_at)
     VALUES ($1, $2, $3, $4, $5, $4)
     ON CONFLICT (member_id, venue_code) DO UPDATE SET
       balance = CASE WHEN ${balanceNewer} THEN EXCLUDED.balance ELSE va.balance END,
       synced_at = CASE WHEN ${balanceNewer} THEN EXCLUDED.synced_at ELSE va.synced_at END,
       debt = CASE WHEN ${debtNewer} THEN EXCLUDED.debt ELSE va.debt END,
       debt_written_off = CASE WHEN ${debtNewer}
         THEN LEAST(va.debt_written_off, EXCLUDED.debt) ELSE va.debt_written_off END,
       debt_synced_at = CASE WHEN ${debtNewer} THEN EXCLUDED.debt_synced_at ELSE va.debt_synced_at END
     WHERE ${balanceNewer} OR ${debtNewer}`,
    [memberId, venueCode, answer.balance, ts(at), answer.debt],
  );
}

/** A member's venues with a debt (written off or not). */
export async function memberDebts(q: Queryable, memberId: number): Promise<VenueDebtRow[]> {
  const r = await q.query<Raw>(
    `SELECT member_id, venue_code, debt, debt_written_off, debt_synced_at FROM venue_accounts
      WHERE member_id = $1 AND debt > 0 ORDER BY venue_code`,
    [memberId],
  );
  return r.rows.map(toRow);
}

/** One member's debt at one venue, locked for a write-off; null when never used. */
export async function lockDebt(
  q: Queryable,
  memberId: number,
  venueCode: string,
): Promise<VenueDebtRow | null> {
  const r = await q.query<Raw>(
    `SELECT member_id, venue_code, debt, debt_written_off, debt_synced_at FROM venue_accounts
      WHERE member_id = $1 AND venue_code = $2 FOR UPDATE`,
    [memberId, venueCode],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Excuses the whole debt now owed and records the write-off (`amount`: what was held). */
export async function writeOff(
  q: Queryable,
  w: {
    memberId: number;
    venueCode: string;
    amount: bigint;
    reason: string;
    operator: string;
    now: number;
  },
): Promise<void> {
  await q.query(
    `UPDATE venue_accounts SET debt_written_off = debt WHERE member_id = $1 AND venue_code = $2`,
    [w.memberId, w.venueCode],
  );
  await q.query(
    `INSERT INTO venue_debt_write_offs (member_id, venue_code, amount, reason, operator, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [w.memberId, w.venueCode, w.amount, w.reason, w.operator, ts(w.now)],
  );
}

/** Debts for operators, newest word first (`memberId`, `venueCode` narrow it). */
export async function listDebts(
  q: Queryable,
  f: { memberId?: number; venueCode?: string },
  limit: number,
  offset: number,
): Promise<{ rows: VenueDebtRow[]; total: number }> {
  const where = ['debt > 0'];
  const params: unknown[] = [];
  if (f.memberId !== undefined) where.push(`member_id = $${params.push(f.memberId)}`);
  if (f.venueCode) where.push(`venue_code = $${params.push(f.venueCode)}`);
  const cond = `WHERE ${where.join(' AND ')}`;
  const [rows, total] = await Promise.all([
    q.query<Raw>(
      `SELECT member_id, venue_code, debt, debt_written_off, debt_synced_at FROM venue_accounts ${cond}
        ORDER BY debt_synced_at DESC NULLS LAST, member_id, venue_code
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM venue_accounts ${cond}`, params),
  ]);
  return { rows: rows.rows.map(toRow), total: total.rows[0]?.n ?? 0 };
}

/** A debt's key in the CSV export's order: member, then venue. */
export type DebtKey = readonly [number, string];

/**
 * The debts CSV export: filtered like the list, read in (member, venue) order — a stable key,
 * unlike the list's newest-word order, so keyset pages neither skip nor repeat a row.
 */
export async function debtsAfter(
  q: Queryable,
  f: { memberId?: number; venueCode?: string },
  after: DebtKey,
  limit: number,
): Promise<VenueDebtRow[]> {
  const r = await q.query<Raw>(
    `SELECT member_id, venue_code, debt, debt_written_off, debt_synced_at FROM venue_accounts
      WHERE debt > 0 AND ($1::int IS NULL OR member_id = $1)
        AND ($2::text IS NULL OR venue_code = $2) AND (member_id, venue_code) > ($3, $4)
      ORDER BY member_id, venue_code LIMIT $5`,
    [f.memberId ?? null, f.venueCode ?? null, after[0], after[1], limit],
  );
  return r.rows.map(toRow);
}

export async function countDebts(
  q: Queryable,
  f: { memberId?: number; venueCode?: string },
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_accounts WHERE debt > 0
       AND ($1::int IS NULL OR member_id = $1) AND ($2::text IS NULL OR venue_code = $2)`,
    [f.memberId ?? null, f.venueCode ?? null],
  );
  return r.rows[0]?.n ?? 0;
}
