import type { Queryable } from '@nebula/db';
import { TABLE_ZONES, type TableZone } from '@nebula/protocol/venue/games/tables-zones';
import type { StoredHand } from './table-shoe.model';
import { SELECT_ROUNDS, toRound, type RawRound, type TableRoundRow } from './table.repository';

/**
 * SQL of a live table's round steps (docs/contract.md §10.12): each step written only from the
 * state it expects, so a step repeated (a second tick, a takeover) changes nothing.
 */

export async function insertTableRound(
  q: Queryable,
  r: Omit<TableRoundRow, 'state' | 'hand' | 'dealtAt'>,
): Promise<boolean> {
  const u = await q.query(
    `INSERT INTO venue_table_rounds (table_code, round_no, shoe_no, hand_no, state,
       start_position, opens_at, seal_at, deal_at)
     VALUES ($1, $2, $3, $4, 'betting', $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [
      r.tableCode,
      r.roundNo,
      r.shoeNo,
      r.handNo,
      r.startPosition,
      new Date(r.opensAt),
      new Date(r.sealAt),
      new Date(r.dealAt),
    ],
  );
  return u.rowCount > 0;
}

/** Rounds the clock still has to move, oldest first. */
export async function unfinishedTableRounds(q: Queryable, code: string): Promise<TableRoundRow[]> {
  const r = await q.query<RawRound>(
    `${SELECT_ROUNDS} WHERE table_code = $1 AND state IN ('betting', 'sealed', 'dealt')
     ORDER BY venue_table_rounds.round_no`,
    [code],
  );
  return r.rows.map(toRound);
}

/** betting → sealed; false when it was not betting any more. */
export async function markTableSealed(q: Queryable, r: TableRoundRow, now: number) {
  const u = await q.query(
    `UPDATE venue_table_rounds SET state = 'sealed', sealed_at = $3
     WHERE table_code = $1 AND round_no = $2 AND state = 'betting'`,
    [r.tableCode, r.roundNo, new Date(now)],
  );
  return u.rowCount > 0;
}

/** sealed → dealt, or betting → voided (its cards dealt all the same), with the hand. */
export async function markTableDealt(
  q: Queryable,
  r: TableRoundRow,
  hand: StoredHand,
  to: 'dealt' | 'voided',
  now: number,
): Promise<boolean> {
  const u = await q.query(
    `UPDATE venue_table_rounds SET state = $3::text, hand = $4, dealt_at = $5::timestamptz,
       voided_at = CASE WHEN $3::text = 'voided' THEN $5::timestamptz ELSE NULL END
     WHERE table_code = $1 AND round_no = $2 AND state = $6`,
    [
      r.tableCode,
      r.roundNo,
      to,
      JSON.stringify(hand),
      new Date(now),
      to === 'dealt' ? 'sealed' : 'betting',
    ],
  );
  return u.rowCount > 0;
}

export async function markTableSettled(q: Queryable, r: TableRoundRow, now: number) {
  const u = await q.query(
    `UPDATE venue_table_rounds SET state = 'settled', settled_at = $3
     WHERE table_code = $1 AND round_no = $2 AND state = 'dealt'`,
    [r.tableCode, r.roundNo, new Date(now)],
  );
  return u.rowCount > 0;
}

/** A shoe's rounds in dealing order (voided ones included: their cards were used). */
export async function shoeRounds(
  q: Queryable,
  code: string,
  shoeNo: string,
): Promise<TableRoundRow[]> {
  const r = await q.query<RawRound>(
    `${SELECT_ROUNDS} WHERE table_code = $1 AND shoe_no = $2 ORDER BY hand_no`,
    [code, shoeNo],
  );
  return r.rows.map(toRound);
}

/**
 * What all members have staked on each zone of a round (not who): the table's bets are venue
 * bets whose one leg's selection is `g:{table}:{round}:{zone}:`.
 */
export async function zoneTotals(
  q: Queryable,
  code: string,
  roundNo: string,
): Promise<Map<TableZone, bigint>> {
  const r = await q.query<{ selection_id: string; amount: string }>(
    `SELECT l.selection_id, sum(b.stake)::text AS amount
       FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id AND l.leg = 1
      WHERE b.game_code = $1 AND b.round_no = $2
      GROUP BY l.selection_id`,
    [code, roundNo],
  );
  const out = new Map<TableZone, bigint>();
  const prefix = `g:${code}:${roundNo}:`;
  for (const row of r.rows) {
    const zone = row.selection_id.slice(prefix.length).split(':')[0] as TableZone;
    if (TABLE_ZONES.includes(zone)) out.set(zone, BigInt(row.amount));
  }
  return out;
}

/** Rounds dealt in [from, to), voided ones left out (the merchant's `today` for family ZR). */
export async function roundsDealtBetween(q: Queryable, from: number, to: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_table_rounds
      WHERE state IN ('dealt', 'settled') AND dealt_at >= $1 AND dealt_at < $2`,
    [new Date(from), new Date(to)],
  );
  return Number(r.rows[0]!.n);
}

/** An operator's change of a table's limits and chips (fen). */
export async function writeTableSettings(
  q: Queryable,
  code: string,
  s: {
    zoneLimits: Partial<Record<TableZone, { min: bigint; max: bigint }>>;
    maxPerRound: bigint;
    chips: bigint[];
  },
  now: number,
): Promise<void> {
  const limits: Record<string, { min: string; max: string }> = {};
  for (const [zone, l] of Object.entries(s.zoneLimits)) {
    limits[zone] = { min: String(l.min), max: String(l.max) };
  }
  await q.query(
    `UPDATE venue_tables SET zone_limits = $2, max_per_round = $3, chips = $4, updated_at = $5
     WHERE code = $1`,
    [
      code,
      JSON.stringify(limits),
      s.maxPerRound,
      JSON.stringify(s.chips.map(String)),
      new Date(now),
    ],
  );
}
