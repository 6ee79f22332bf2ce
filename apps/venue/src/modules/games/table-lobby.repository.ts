import type { Queryable } from '@nebula/db';
import { TABLE_ZONES, type TableZone } from '@nebula/protocol/venue/games/tables-zones';
import type { GameRow } from './games.repository';
import {
  SELECT_ROUNDS,
  SELECT_SHOES,
  toRound,
  toShoe,
  type RawRound,
  type RawShoe,
  type ShoeRow,
  type TableRoundRow,
} from './table.repository';

/**
 * The tables' list read for all tables at once (docs/contract.md §10.12): every member entering
 * the live tables asks it, and table by table it cost six statements a table, one after the
 * other. Here each kind of row is one statement for every table, and the statements that do
 * not depend on each other go out together: two waits on the database instead of nineteen.
 */
export interface TableLobbyRows {
  status: Map<string, GameRow['status']>;
  shoes: Map<string, { shoe: ShoeRow; commitment: string }>;
  rounds: Map<string, TableRoundRow>;
}

/** Each table's game status, newest shoe (with its chain's commitment) and newest round. */
export async function readLobbyHeads(q: Queryable, codes: string[]): Promise<TableLobbyRows> {
  const [games, shoes, rounds] = await Promise.all([
    q.query<{ code: string; status: GameRow['status'] }>(
      `SELECT code, status FROM venue_games WHERE code = ANY($1::text[])`,
      [codes],
    ),
    // LATERAL … LIMIT 1 walks each table's index backwards: a table's old shoes are never read.
    q.query<RawShoe & { commitment: string | null }>(
      `SELECT s.*, (SELECT ch.commitment FROM venue_game_chains ch
                     WHERE ch.game_code = s.table_code AND ch.chain_id = s.chain_id
                     ORDER BY ch.seq LIMIT 1) AS commitment
         FROM unnest($1::text[]) AS c(code)
         CROSS JOIN LATERAL (${SELECT_SHOES} WHERE table_code = c.code
            ORDER BY venue_table_shoes.shoe_no DESC LIMIT 1) s`,
      [codes],
    ),
    q.query<RawRound>(
      `SELECT r.* FROM unnest($1::text[]) AS c(code)
         CROSS JOIN LATERAL (${SELECT_ROUNDS} WHERE table_code = c.code
            ORDER BY venue_table_rounds.round_no DESC LIMIT 1) r`,
      [codes],
    ),
  ]);
  return {
    status: new Map(games.rows.map((g) => [g.code, g.status])),
    shoes: new Map(
      shoes.rows.map((r) => [r.table_code, { shoe: toShoe(r), commitment: r.commitment ?? '' }]),
    ),
    rounds: new Map(rounds.rows.map((r) => [r.table_code, toRound(r)])),
  };
}

/** The rounds of each (table, shoe), in hand order. */
export async function readShoesRounds(
  q: Queryable,
  shoes: { code: string; shoeNo: string }[],
): Promise<Map<string, TableRoundRow[]>> {
  const out = new Map<string, TableRoundRow[]>(shoes.map((s) => [s.code, []]));
  if (shoes.length === 0) return out;
  const r = await q.query<RawRound>(
    `${SELECT_ROUNDS} JOIN unnest($1::text[], $2::bigint[]) AS k(code, shoe)
        ON venue_table_rounds.table_code = k.code AND venue_table_rounds.shoe_no = k.shoe
      ORDER BY venue_table_rounds.table_code, venue_table_rounds.hand_no`,
    [shoes.map((s) => s.code), shoes.map((s) => s.shoeNo)],
  );
  for (const row of r.rows) out.get(row.table_code)?.push(toRound(row));
  return out;
}

/** What all members have staked on each zone of each (table, round): `zoneTotals` for many. */
export async function readZoneTotals(
  q: Queryable,
  rounds: { code: string; roundNo: string }[],
): Promise<Map<string, Map<TableZone, bigint>>> {
  const out = new Map<string, Map<TableZone, bigint>>(rounds.map((x) => [x.code, new Map()]));
  if (rounds.length === 0) return out;
  const r = await q.query<{
    game_code: string;
    round_no: string;
    selection_id: string;
    amount: string;
  }>(
    `SELECT b.game_code, b.round_no, l.selection_id, sum(b.stake)::text AS amount
       FROM unnest($1::text[], $2::text[]) AS k(code, round_no)
       JOIN venue_bets b ON b.game_code = k.code AND b.round_no = k.round_no
       JOIN venue_bet_legs l ON l.bet_id = b.id AND l.leg = 1
      GROUP BY b.game_code, b.round_no, l.selection_id`,
    [rounds.map((x) => x.code), rounds.map((x) => x.roundNo)],
  );
  for (const row of r.rows) {
    const prefix = `g:${row.game_code}:${row.round_no}:`;
    const zone = row.selection_id.slice(prefix.length).split(':')[0] as TableZone;
    if (TABLE_ZONES.includes(zone)) out.get(row.game_code)?.set(zone, BigInt(row.amount));
  }
  return out;
}
