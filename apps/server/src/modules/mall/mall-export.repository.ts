import type { Queryable } from '@nebula/db';
import type { RedemptionStatus } from '@nebula/protocol';
import { RED_COLS, redemption, type RedemptionRaw, type RedemptionRow } from './mall.repository';

/** The console's redemptions export: filtered like the list, read in id order (keyset pages). */
export async function countRedemptions(
  q: Queryable,
  f: { status?: RedemptionStatus },
): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM mall_redemptions WHERE ($1::text IS NULL OR status = $1)',
    [f.status ?? null],
  );
  return r.rows[0]?.n ?? 0;
}

export async function redemptionsAfter(
  q: Queryable,
  f: { status?: RedemptionStatus },
  afterId: number,
  limit: number,
): Promise<RedemptionRow[]> {
  const r = await q.query<RedemptionRaw>(
    `SELECT ${RED_COLS} FROM mall_redemptions
      WHERE ($1::text IS NULL OR status = $1) AND id > $2 ORDER BY id LIMIT $3`,
    [f.status ?? null, afterId, limit],
  );
  return r.rows.map(redemption);
}
