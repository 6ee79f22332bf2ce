import { ts, type Queryable } from '@nebula/db';
import { memberBalancesJsonSql } from '../../ledger/ledger.repository';

export type TransferStatus = 'pending' | 'succeeded' | 'failed';
export type TransferKind = 'manual' | 'recall' | 'auto';

export interface TransferRow {
  id: string;
  memberId: number;
  venueCode: string;
  direction: 'in' | 'out';
  amount: bigint;
  kind: TransferKind;
  status: TransferStatus;
  failureCode: number | null;
  attempts: number;
  lastCheckedAt: number | null;
  lastAnswer: string | null;
  resolvedBy: string | null;
  createdAt: number;
  completedAt: number | null;
}

interface Raw {
  id: string;
  member_id: number;
  venue_code: string;
  direction: 'in' | 'out';
  amount: bigint;
  kind: TransferKind;
  status: TransferStatus;
  failure_code: number | null;
  attempts: number;
  last_checked_at: Date | null;
  last_answer: string | null;
  resolved_by: string | null;
  created_at: Date;
  completed_at: Date | null;
}

const toRow = (r: Raw): TransferRow => ({
  id: r.id,
  memberId: r.member_id,
  venueCode: r.venue_code,
  direction: r.direction,
  amount: r.amount,
  kind: r.kind,
  status: r.status,
  failureCode: r.failure_code,
  attempts: r.attempts,
  lastCheckedAt: r.last_checked_at?.getTime() ?? null,
  lastAnswer: r.last_answer,
  resolvedBy: r.resolved_by,
  createdAt: r.created_at.getTime(),
  completedAt: r.completed_at?.getTime() ?? null,
});

/** Inserts a pending transfer; null when the id exists (a retry, or a race with one). */
export async function insertTransfer(
  q: Queryable,
  t: Pick<TransferRow, 'id' | 'memberId' | 'venueCode' | 'direction' | 'amount' | 'kind'>,
  now: number,
  firstCheckAt: number,
): Promise<TransferRow | null> {
  const r = await q.query<Raw>(
    `INSERT INTO venue_transfers (id, member_id, venue_code, direction, amount, kind, status, next_check_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8) ON CONFLICT (id) DO NOTHING RETURNING *`,
    [t.id, t.memberId, t.venueCode, t.direction, t.amount, t.kind, ts(firstCheckAt), ts(now)],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export async function readTransfer(q: Queryable, id: string): Promise<TransferRow | null> {
  const r = await q.query<Raw>('SELECT * FROM venue_transfers WHERE id = $1', [id]);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/**
 * Moves a pending transfer to its final status, once: compare-and-set from 'pending', so the
 * answer to the call, the resolver and an operator can race and only one of them wins.
 */
export async function completeTransfer(
  q: Queryable,
  id: string,
  to: 'succeeded' | 'failed',
  f: { failureCode: number | null; answer: string; by: string; now: number },
): Promise<TransferRow | null> {
  const r = await q.query<Raw>(
    `UPDATE venue_transfers SET status = $2, failure_code = $3, last_answer = $4, resolved_by = $5,
       completed_at = $6, last_checked_at = $6
     WHERE id = $1 AND status = 'pending' RETURNING *`,
    [id, to, f.failureCode, f.answer.slice(0, 200), f.by, ts(f.now)],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** An unknown outcome: keep it pending, say what we heard, ask again later. */
export async function notePending(
  q: Queryable,
  id: string,
  answer: string,
  now: number,
  nextCheckAt: number,
): Promise<void> {
  await q.query(
    `UPDATE venue_transfers SET attempts = attempts + 1, last_checked_at = $2, last_answer = $3, next_check_at = $4
     WHERE id = $1 AND status = 'pending'`,
    [id, ts(now), answer.slice(0, 200), ts(nextCheckAt)],
  );
}

/**
 * Pending transfers due for a status question, claimed for a while (next_check_at pushed out),
 * so nodes that race to resolve do not ask twice at once. `all`: every pending one (start-up).
 */
export async function claimDue(
  q: Queryable,
  now: number,
  limit: number,
  leaseMs: number,
  all = false,
): Promise<TransferRow[]> {
  const r = await q.query<Raw>(
    `UPDATE venue_transfers SET next_check_at = $2
      WHERE id IN (SELECT id FROM venue_transfers WHERE status = 'pending'
                     AND ($4 OR next_check_at <= $1)
                   ORDER BY next_check_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [ts(now), ts(now + leaseMs), limit, all],
  );
  return r.rows.map(toRow);
}

export interface TransferFilter {
  memberId?: number;
  venueCode?: string;
  status?: TransferStatus;
  from?: number;
  to?: number;
}

export async function listTransfers(
  q: Queryable,
  f: TransferFilter,
  limit: number,
  offset: number,
): Promise<{ rows: TransferRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.memberId !== undefined) where.push(`member_id = $${params.push(f.memberId)}`);
  if (f.venueCode) where.push(`venue_code = $${params.push(f.venueCode)}`);
  if (f.status) where.push(`status = $${params.push(f.status)}`);
  if (f.from !== undefined) where.push(`created_at >= $${params.push(ts(f.from))}`);
  if (f.to !== undefined) where.push(`created_at < $${params.push(ts(f.to))}`);
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, total] = await Promise.all([
    q.query<Raw>(
      `SELECT * FROM venue_transfers ${cond} ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM venue_transfers ${cond}`, params),
  ]);
  return { rows: rows.rows.map(toRow), total: total.rows[0]?.n ?? 0 };
}

export interface WalletFacts {
  /** The member's ledger balances by account kind. */
  accounts: Map<string, bigint>;
  venues: (VenueAccountRow & { debt: bigint; writtenOff: bigint })[];
  pending: { venueCode: string; direction: 'in' | 'out'; amount: bigint }[];
}

/**
 * Everything a member's wallet shows, in one statement: the ledger balances (the ledger's own
 * SQL), each venue's last answer and the money of pending transfers per venue and direction.
 */
export async function walletFacts(q: Queryable, memberId: number): Promise<WalletFacts> {
  const r = await q.query<{
    accounts: Record<string, string>;
    venues: { c: string; b: string | null; s: string | null; d: string; w: string }[];
    pending: { c: string; d: 'in' | 'out'; a: string }[];
  }>(
    `SELECT ${memberBalancesJsonSql('$1::int', ['main', 'locked', 'coin', 'transit'])} AS accounts,
       (SELECT coalesce(json_agg(json_build_object('c', venue_code, 'b', balance::text,
                 's', (extract(epoch FROM synced_at) * 1000)::bigint::text,
                 'd', debt::text, 'w', debt_written_off::text)), '[]'::json)
          FROM venue_accounts WHERE member_id = $1) AS venues,
       (SELECT coalesce(json_agg(json_build_object('c', venue_code, 'd', direction, 'a', amount::text)), '[]'::json)
          FROM (SELECT venue_code, direction, sum(amount) AS amount FROM venue_transfers
                 WHERE member_id = $1 AND status = 'pending' GROUP BY venue_code, direction) p) AS pending`,
    [memberId],
    'transfer-wallet-facts',
  );
  const row = r.rows[0]!;
  return {
    accounts: new Map(Object.entries(row.accounts).map(([k, v]) => [k, BigInt(v)])),
    venues: row.venues.map((v) => ({
      venueCode: v.c,
      balance: v.b === null ? null : BigInt(v.b),
      syncedAt: v.s === null ? null : Number(v.s),
      debt: BigInt(v.d),
      writtenOff: BigInt(v.w),
    })),
    pending: row.pending.map((p) => ({ venueCode: p.c, direction: p.d, amount: BigInt(p.a) })),
  };
}

// --- what the platform knows of each member at each venue

export interface VenueAccountRow {
  venueCode: string;
  balance: bigint | null;
  syncedAt: number | null;
}

/** Records that a member uses a venue (a launch or a transfer), once. */
export async function ensureVenueAccount(
  q: Queryable,
  memberId: number,
  venueCode: string,
  launchedAt: number | null,
): Promise<void> {
  // Only a launch updates an existing row: a transfer never locks it here.
  await q.query(
    launchedAt === null
      ? `INSERT INTO venue_accounts (member_id, venue_code) VALUES ($1, $2) ON CONFLICT DO NOTHING`
      : `INSERT INTO venue_accounts (member_id, venue_code, last_launch_at) VALUES ($1, $2, $3)
         ON CONFLICT (member_id, venue_code) DO UPDATE SET last_launch_at = EXCLUDED.last_launch_at`,
    launchedAt === null ? [memberId, venueCode] : [memberId, venueCode, ts(launchedAt)],
  );
}

/** A balance the venue answered at `at`; an older answer never overwrites a newer one. */
export async function saveVenueBalance(
  q: Queryable,
  memberId: number,
  venueCode: string,
  balance: bigint,
  at: number,
): Promise<void> {
  await q.query(
    `INSERT INTO venue_accounts (member_id, venue_code, balance, synced_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id, venue_code) DO UPDATE SET balance = EXCLUDED.balance, synced_at = EXCLUDED.synced_at
       WHERE venue_accounts.synced_at IS NULL OR venue_accounts.synced_at <= EXCLUDED.synced_at`,
    [memberId, venueCode, balance, ts(at)],
  );
}

export async function venueAccounts(q: Queryable, memberId: number): Promise<VenueAccountRow[]> {
  const r = await q.query<{ venue_code: string; balance: bigint | null; synced_at: Date | null }>(
    'SELECT venue_code, balance, synced_at FROM venue_accounts WHERE member_id = $1',
    [memberId],
  );
  return r.rows.map((x) => ({
    venueCode: x.venue_code,
    balance: x.balance,
    syncedAt: x.synced_at?.getTime() ?? null,
  }));
}

export async function readPrefs(q: Queryable, memberId: number): Promise<boolean> {
  const r = await q.query<{ app_send_money: boolean }>(
    'SELECT app_send_money FROM venue_member_prefs WHERE member_id = $1',
    [memberId],
  );
  return r.rows[0]?.app_send_money ?? false;
}

export async function savePrefs(q: Queryable, memberId: number, appSendMoney: boolean) {
  await q.query(
    `INSERT INTO venue_member_prefs (member_id, app_send_money) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET app_send_money = EXCLUDED.app_send_money`,
    [memberId, appSendMoney],
  );
}
