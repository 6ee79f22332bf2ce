import { ts, type Queryable } from '@nebula/db';

/** The SQL of 幸运翻牌 (contract §5 Rewards): lock rows, seed pairs, stock and flips. */

export interface FlipPairRow {
  id: string;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  createdAt: number;
  rotatedAt: number | null;
}

export interface FlipRow {
  memberId: number;
  nonce: number;
  activityId: number;
  seedPairId: string;
  clientSeed: string;
  weights: number[];
  drawnIndex: number;
  drawnPrizeId: string;
  roll: number;
  label: string;
  amount: bigint;
  outOfStock: boolean;
  createdAt: number;
  commitment: string;
  /** Null until the pair is rotated. */
  serverSeed: string | null;
}

type RawPair = {
  id: string | bigint;
  server_seed: string;
  commitment: string;
  client_seed: string;
  created_at: Date;
  rotated_at: Date | null;
};
const toPair = (r: RawPair): FlipPairRow => ({
  id: String(r.id),
  serverSeed: r.server_seed,
  commitment: r.commitment,
  clientSeed: r.client_seed,
  createdAt: new Date(r.created_at).getTime(),
  rotatedAt: r.rotated_at ? new Date(r.rotated_at).getTime() : null,
});

export interface NewFlipPair {
  serverSeed: string;
  commitment: string;
  clientSeed: string;
}

/** Gives the member a lock row and a first pair unless they have them (idempotent). */
export async function ensurePlayer(
  q: Queryable,
  memberId: number,
  pair: NewFlipPair,
  at: number,
): Promise<void> {
  const made = await q.query(
    `INSERT INTO lucky_flip_players (member_id) VALUES ($1) ON CONFLICT (member_id) DO NOTHING`,
    [memberId],
  );
  if (made.rowCount === 0) return;
  await insertPair(q, memberId, pair, at);
}

async function insertPair(q: Queryable, memberId: number, p: NewFlipPair, at: number) {
  await q.query(
    `INSERT INTO lucky_flip_seed_pairs (member_id, server_seed, commitment, client_seed, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [memberId, p.serverSeed, p.commitment, p.clientSeed, ts(at)],
  );
}

/** Locks the member's row (the caller's transaction) and answers the next nonce. */
export async function lockPlayer(q: Queryable, memberId: number): Promise<number> {
  const r = await q.query<{ next_nonce: number }>(
    'SELECT next_nonce FROM lucky_flip_players WHERE member_id = $1 FOR UPDATE',
    [memberId],
  );
  const row = r.rows[0];
  if (!row) throw new Error('lucky flip player missing after ensure');
  return Number(row.next_nonce);
}

export async function advanceNonce(q: Queryable, memberId: number): Promise<void> {
  await q.query('UPDATE lucky_flip_players SET next_nonce = next_nonce + 1 WHERE member_id = $1', [
    memberId,
  ]);
}

export async function nextNonce(q: Queryable, memberId: number): Promise<number> {
  const r = await q.query<{ next_nonce: number }>(
    'SELECT next_nonce FROM lucky_flip_players WHERE member_id = $1',
    [memberId],
  );
  return Number(r.rows[0]?.next_nonce ?? 0);
}

export async function currentPair(q: Queryable, memberId: number): Promise<FlipPairRow> {
  const r = await q.query<RawPair>(
    `SELECT id, server_seed, commitment, client_seed, created_at, rotated_at
       FROM lucky_flip_seed_pairs WHERE member_id = $1 AND rotated_at IS NULL`,
    [memberId],
  );
  if (!r.rows[0]) throw new Error('lucky flip seed pair missing after ensure');
  return toPair(r.rows[0]);
}

export async function setClientSeed(q: Queryable, pairId: string, clientSeed: string) {
  await q.query('UPDATE lucky_flip_seed_pairs SET client_seed = $2 WHERE id = $1', [
    pairId,
    clientSeed,
  ]);
}

/** Reveals the current pair and commits a new one (the caller holds the member's lock row). */
export async function rotate(
  q: Queryable,
  memberId: number,
  pairId: string,
  next: NewFlipPair,
  at: number,
): Promise<void> {
  await q.query('UPDATE lucky_flip_seed_pairs SET rotated_at = $2 WHERE id = $1', [pairId, ts(at)]);
  await insertPair(q, memberId, next, at);
}

/** Credited deposits and net valid turnover of the member in [from, to). */
export async function windowTotals(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<{ deposited: bigint; turnover: bigint }> {
  const r = await q.query<{ deposited: string; turnover: string }>(
    `SELECT
       (SELECT COALESCE(sum(COALESCE(received_amount, credit_amount)), 0) FROM deposit_orders
         WHERE member_id = $1 AND status = 'credited' AND updated_at >= $2 AND updated_at < $3)::text AS deposited,
       (SELECT COALESCE(sum(CASE kind WHEN 'turnover' THEN amount ELSE -amount END), 0) FROM turnover_entries
         WHERE member_id = $1 AND kind IN ('turnover', 'reverse') AND at >= $2 AND at < $3)::text AS turnover`,
    [memberId, ts(from), ts(to)],
  );
  const row = r.rows[0]!;
  return { deposited: BigInt(row.deposited), turnover: BigInt(row.turnover) };
}

export async function countFlips(q: Queryable, activityId: number, memberId: number) {
  const r = await q.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM lucky_flips WHERE activity_id = $1 AND member_id = $2',
    [activityId, memberId],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Writes the stock rows of the rule's limited prizes once (the first flip or view). */
export async function ensureStock(
  q: Queryable,
  activityId: number,
  prizes: readonly { id: string; stock: number | null }[],
): Promise<void> {
  for (const p of prizes) {
    if (p.stock === null) continue;
    await q.query(
      `INSERT INTO lucky_flip_stock (activity_id, prize_id, stock) VALUES ($1, $2, $3)
       ON CONFLICT (activity_id, prize_id) DO NOTHING`,
      [activityId, p.id, p.stock],
    );
  }
}

/** Takes one of a prize: false when none is left (the row's stock never goes below zero). */
export async function takeStock(q: Queryable, activityId: number, prizeId: string) {
  const r = await q.query(
    `UPDATE lucky_flip_stock SET stock = stock - 1
      WHERE activity_id = $1 AND prize_id = $2 AND stock > 0`,
    [activityId, prizeId],
  );
  return r.rowCount === 1;
}

export async function stockLeft(q: Queryable, activityId: number): Promise<Map<string, number>> {
  const r = await q.query<{ prize_id: string; stock: number }>(
    'SELECT prize_id, stock FROM lucky_flip_stock WHERE activity_id = $1',
    [activityId],
  );
  return new Map(r.rows.map((x) => [x.prize_id, Number(x.stock)]));
}

export type NewFlip = Omit<FlipRow, 'commitment' | 'serverSeed'>;

export async function insertFlip(q: Queryable, f: NewFlip): Promise<void> {
  await q.query(
    `INSERT INTO lucky_flips (member_id, nonce, activity_id, seed_pair_id, client_seed, weights,
       drawn_index, drawn_prize_id, roll, label, amount, out_of_stock, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13)`,
    [
      f.memberId,
      f.nonce,
      f.activityId,
      f.seedPairId,
      f.clientSeed,
      JSON.stringify(f.weights),
      f.drawnIndex,
      f.drawnPrizeId,
      f.roll,
      f.label,
      f.amount,
      f.outOfStock,
      ts(f.createdAt),
    ],
  );
}

type RawFlip = {
  member_id: number;
  nonce: number;
  activity_id: string | number;
  seed_pair_id: string | bigint;
  client_seed: string;
  weights: number[] | string;
  drawn_index: number;
  drawn_prize_id: string;
  roll: string | number;
  label: string;
  amount: string | bigint;
  out_of_stock: boolean;
  created_at: Date;
  commitment: string;
  server_seed: string;
  rotated_at: Date | null;
};

/** The member's flips newest first, with the server seed only for rotated pairs. */
export async function listFlips(
  q: Queryable,
  memberId: number,
  where: { activityId?: number; nonce?: number },
  limit: number,
): Promise<FlipRow[]> {
  const r = await q.query<RawFlip>(
    `SELECT f.*, p.commitment, p.server_seed, p.rotated_at
       FROM lucky_flips f JOIN lucky_flip_seed_pairs p ON p.id = f.seed_pair_id
      WHERE f.member_id = $1 AND ($2::bigint IS NULL OR f.activity_id = $2)
        AND ($3::int IS NULL OR f.nonce = $3)
      ORDER BY f.nonce DESC LIMIT $4`,
    [memberId, where.activityId ?? null, where.nonce ?? null, limit],
  );
  return r.rows.map((x) => ({
    memberId: x.member_id,
    nonce: Number(x.nonce),
    activityId: Number(x.activity_id),
    seedPairId: String(x.seed_pair_id),
    clientSeed: x.client_seed,
    weights: typeof x.weights === 'string' ? (JSON.parse(x.weights) as number[]) : x.weights,
    drawnIndex: Number(x.drawn_index),
    drawnPrizeId: x.drawn_prize_id,
    roll: Number(x.roll),
    label: x.label,
    amount: BigInt(x.amount),
    outOfStock: x.out_of_stock,
    createdAt: new Date(x.created_at).getTime(),
    commitment: x.commitment,
    serverSeed: x.rotated_at ? x.server_seed : null,
  }));
}
