import type { Queryable } from '@nebula/db';
import type { TableZone } from '@nebula/protocol/venue/games/tables-zones';
import type { TableDefinition, TableSettings } from './tables-catalogue';
import type { StoredHand } from './table-shoe.model';

/** SQL of the live tables, their shoes and their rounds (docs/contract.md §10.12). */

export type TableRow = TableDefinition & TableSettings;

export interface ShoeRow {
  tableCode: string;
  shoeNo: string;
  chainId: string;
  chainIndex: number;
  merkleRoot: string;
  burnCard: number;
  burned: number;
  cutIndex: number;
  nextPosition: number;
  hands: number;
  status: 'dealing' | 'ended';
  seed: string | null;
  startedAt: number;
  endedAt: number | null;
}

export type TableRoundState = 'betting' | 'sealed' | 'dealt' | 'settled' | 'voided';

export interface TableRoundRow {
  tableCode: string;
  roundNo: string;
  shoeNo: string;
  handNo: number;
  state: TableRoundState;
  startPosition: number;
  opensAt: number;
  sealAt: number;
  dealAt: number;
  hand: StoredHand | null;
  dealtAt: number | null;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const ms = (d: Date | null) => (d ? d.getTime() : null);

type RawLimits = Record<string, { min: string; max: string }>;

/** Adds a table on first start; an existing one keeps what operators made of it. */
export async function seedTable(
  q: Queryable,
  def: TableDefinition,
  s: TableSettings,
  now: number,
): Promise<void> {
  const limits: RawLimits = {};
  for (const [zone, l] of Object.entries(s.zoneLimits)) {
    limits[zone] = { min: String(l.min), max: String(l.max) };
  }
  await q.query(
    `INSERT INTO venue_tables (code, kind, no_commission, betting_seconds, zone_limits,
       max_per_round, chips, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code) DO NOTHING`,
    [
      def.code,
      def.kind,
      def.noCommission,
      def.bettingSeconds,
      JSON.stringify(limits),
      s.maxPerRound,
      JSON.stringify(s.chips.map(String)),
      new Date(now),
    ],
  );
}

type RawTable = {
  code: string;
  name: string;
  kind: TableRow['kind'];
  no_commission: boolean;
  betting_seconds: number;
  zone_limits: unknown;
  max_per_round: string;
  chips: unknown;
};

const toTable = (r: RawTable): TableRow => {
  const zoneLimits: TableSettings['zoneLimits'] = {};
  for (const [zone, l] of Object.entries(json<RawLimits>(r.zone_limits))) {
    zoneLimits[zone as TableZone] = { min: BigInt(l.min), max: BigInt(l.max) };
  }
  return {
    code: r.code,
    name: r.name,
    kind: r.kind,
    noCommission: r.no_commission,
    bettingSeconds: Number(r.betting_seconds),
    zoneLimits,
    maxPerRound: BigInt(r.max_per_round),
    chips: json<string[]>(r.chips).map((c) => BigInt(c)),
  };
};

const SELECT_TABLES = `SELECT t.code, g.name, t.kind, t.no_commission, t.betting_seconds,
  t.zone_limits, t.max_per_round::text AS max_per_round, t.chips
  FROM venue_tables t JOIN venue_games g ON g.code = t.code`;

export async function listTables(q: Queryable): Promise<TableRow[]> {
  const r = await q.query<RawTable>(`${SELECT_TABLES} ORDER BY t.code`);
  return r.rows.map(toTable);
}

export async function readTable(q: Queryable, code: string): Promise<TableRow | null> {
  const r = await q.query<RawTable>(`${SELECT_TABLES} WHERE t.code = $1`, [code]);
  return r.rows[0] ? toTable(r.rows[0]) : null;
}

export type RawShoe = {
  table_code: string;
  shoe_no: string;
  chain_id: string;
  chain_index: number;
  merkle_root: string;
  burn_card: number;
  burned: number;
  cut_index: number;
  next_position: number;
  hands: number;
  status: ShoeRow['status'];
  seed: string | null;
  started_at: Date;
  ended_at: Date | null;
};

export const toShoe = (r: RawShoe): ShoeRow => ({
  tableCode: r.table_code,
  shoeNo: r.shoe_no,
  chainId: r.chain_id,
  chainIndex: Number(r.chain_index),
  merkleRoot: r.merkle_root,
  burnCard: Number(r.burn_card),
  burned: Number(r.burned),
  cutIndex: Number(r.cut_index),
  nextPosition: Number(r.next_position),
  hands: Number(r.hands),
  status: r.status,
  seed: r.seed,
  startedAt: r.started_at.getTime(),
  endedAt: ms(r.ended_at),
});

export const SELECT_SHOES = `SELECT table_code, shoe_no::text AS shoe_no, chain_id, chain_index, merkle_root,
  burn_card, burned, cut_index, next_position, hands, status, seed, started_at, ended_at
  FROM venue_table_shoes`;

/** The table's newest shoe (the one dealing, or the last one ended). */
export async function latestShoe(q: Queryable, code: string): Promise<ShoeRow | null> {
  const r = await q.query<RawShoe>(
    `${SELECT_SHOES} WHERE table_code = $1 ORDER BY venue_table_shoes.shoe_no DESC LIMIT 1`,
    [code],
  );
  return r.rows[0] ? toShoe(r.rows[0]) : null;
}

export async function findShoe(
  q: Queryable,
  code: string,
  shoeNo: string,
): Promise<ShoeRow | null> {
  const r = await q.query<RawShoe>(`${SELECT_SHOES} WHERE table_code = $1 AND shoe_no = $2`, [
    code,
    shoeNo,
  ]);
  return r.rows[0] ? toShoe(r.rows[0]) : null;
}

export async function insertShoe(q: Queryable, s: ShoeRow): Promise<void> {
  await q.query(
    `INSERT INTO venue_table_shoes (table_code, shoe_no, chain_id, chain_index, merkle_root,
       burn_card, burned, cut_index, next_position, hands, status, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, 'dealing', $10)`,
    [
      s.tableCode,
      s.shoeNo,
      s.chainId,
      s.chainIndex,
      s.merkleRoot,
      s.burnCard,
      s.burned,
      s.cutIndex,
      s.nextPosition,
      new Date(s.startedAt),
    ],
  );
}

/** A hand was dealt: the shoe moves on, and ends (its seed revealed) after its last round. */
export async function advanceShoe(
  q: Queryable,
  s: ShoeRow,
  used: number,
  ended: { seed: string; at: number } | null,
): Promise<void> {
  await q.query(
    `UPDATE venue_table_shoes SET next_position = next_position + $3, hands = hands + 1,
       status = $4, seed = $5, ended_at = $6
     WHERE table_code = $1 AND shoe_no = $2 AND status = 'dealing'`,
    [
      s.tableCode,
      s.shoeNo,
      used,
      ended ? 'ended' : 'dealing',
      ended?.seed ?? null,
      ended ? new Date(ended.at) : null,
    ],
  );
}

export type RawRound = {
  table_code: string;
  round_no: string;
  shoe_no: string;
  hand_no: number;
  state: TableRoundState;
  start_position: number;
  opens_at: Date;
  seal_at: Date;
  deal_at: Date;
  hand: unknown;
  dealt_at: Date | null;
};

export const toRound = (r: RawRound): TableRoundRow => ({
  tableCode: r.table_code,
  roundNo: r.round_no,
  shoeNo: r.shoe_no,
  handNo: Number(r.hand_no),
  state: r.state,
  startPosition: Number(r.start_position),
  opensAt: r.opens_at.getTime(),
  sealAt: r.seal_at.getTime(),
  dealAt: r.deal_at.getTime(),
  hand: r.hand === null ? null : json<StoredHand>(r.hand),
  dealtAt: ms(r.dealt_at),
});

export const SELECT_ROUNDS = `SELECT table_code, round_no::text AS round_no, shoe_no::text AS shoe_no,
  hand_no, state, start_position, opens_at, seal_at, deal_at, hand, dealt_at
  FROM venue_table_rounds`;

/**
 * A round; `'share'` for a placement (a seal waits for placements under way, and every later
 * one sees it), `'update'` for a state change.
 */
export async function findTableRound(
  q: Queryable,
  code: string,
  roundNo: string,
  lock: 'share' | 'update' | null = null,
): Promise<TableRoundRow | null> {
  const suffix = lock === 'share' ? ' FOR SHARE' : lock === 'update' ? ' FOR UPDATE' : '';
  const r = await q.query<RawRound>(
    `${SELECT_ROUNDS} WHERE table_code = $1 AND round_no = $2${suffix}`,
    [code, roundNo],
  );
  return r.rows[0] ? toRound(r.rows[0]) : null;
}

export async function latestTableRound(q: Queryable, code: string): Promise<TableRoundRow | null> {
  const r = await q.query<RawRound>(
    `${SELECT_ROUNDS} WHERE table_code = $1 ORDER BY venue_table_rounds.round_no DESC LIMIT 1`,
    [code],
  );
  return r.rows[0] ? toRound(r.rows[0]) : null;
}
