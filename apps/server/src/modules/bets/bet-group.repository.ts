import type { Queryable } from '@nebula/db';
import { toRow, type BetRow, type Raw } from './bet.repository';

/**
 * The rows that hold what a group of single bets (one member, one match and period) has been
 * credited in all (contract §6). Every transaction that writes a bet of a group takes its row
 * first, so two nodes applying two venues' feeds at once judge the group one after the other.
 */

export interface GroupRow {
  credited: bigint;
  revision: number;
}

/**
 * Takes the group's row FOR UPDATE, creating it if need be; false (and nothing written) for a
 * member the platform does not know.
 */
export async function lockGroup(
  q: Queryable,
  memberId: number,
  groupKey: string,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO bet_turnover_groups (member_id, group_key, credited, revision, updated_at)
     SELECT $1, $2, 0, 0, $3 WHERE EXISTS (SELECT 1 FROM members WHERE id = $1)
     ON CONFLICT (member_id, group_key) DO UPDATE SET member_id = EXCLUDED.member_id
     RETURNING member_id`,
    [memberId, groupKey, new Date(now)],
  );
  return r.rows.length === 1;
}

export async function readGroup(
  q: Queryable,
  memberId: number,
  groupKey: string,
): Promise<GroupRow | null> {
  const r = await q.query<{ credited: bigint; revision: number }>(
    'SELECT credited, revision FROM bet_turnover_groups WHERE member_id = $1 AND group_key = $2 FOR UPDATE',
    [memberId, groupKey],
  );
  return r.rows[0] ?? null;
}

export async function saveGroup(
  q: Queryable,
  memberId: number,
  groupKey: string,
  g: GroupRow,
  now: number,
): Promise<void> {
  await q.query(
    `UPDATE bet_turnover_groups SET credited = $3, revision = $4, updated_at = $5
      WHERE member_id = $1 AND group_key = $2`,
    [memberId, groupKey, g.credited, g.revision, new Date(now)],
  );
}

/** The group's bets, in one fixed order (venue, bet id) so a split is the same every time. */
export async function groupBets(
  q: Queryable,
  memberId: number,
  groupKey: string,
): Promise<BetRow[]> {
  const r = await q.query<Raw>(
    'SELECT * FROM venue_bets WHERE member_id = $1 AND group_key = $2 ORDER BY venue_code, bet_id',
    [memberId, groupKey],
  );
  return r.rows.map(toRow);
}
