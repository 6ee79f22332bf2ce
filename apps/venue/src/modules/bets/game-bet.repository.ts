import type { Queryable } from '@nebula/db';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { insertVersions } from './bet-version.repository';

/**
 * House game bets in the venue's bets tables (docs/contract.md §10.11): one leg each, keyed by
 * round (`game_code`, `round_no`) and slip. The games module decides what to write; the SQL
 * of the bets tables and of the selections' liability stays here, in the module that owns them.
 */
export interface GameBetRow {
  id: string;
  merchant: string;
  venueCode: string;
  playerId: string;
  gameCode: string;
  roundNo: string;
  slipId: string;
  stake: bigint;
  status: 'open' | 'settled' | 'voided';
  result: string | null;
  payout: bigint | null;
  validStake: bigint | null;
  placedAt: number;
  settledAt: number | null;
  version: number;
  selectionId: string;
  eventId: string;
  marketId: string;
  oddsMilli: number;
  eventName: string;
  marketLabel: string;
  outcomeLabel: string;
  /** What the bet added to its selection's liability: stake × odds − stake. */
  liability: bigint;
  legResult: string | null;
}

type Raw = {
  id: string;
  merchant: string;
  venue_code: string;
  player_id: string;
  game_code: string;
  round_no: string;
  slip_id: string;
  stake: bigint | string;
  status: GameBetRow['status'];
  result: string | null;
  payout: bigint | string | null;
  valid_stake: bigint | string | null;
  placed_at: Date;
  settled_at: Date | null;
  version: number;
  selection_id: string;
  event_id: string;
  market_id: string;
  odds_milli: number;
  event_name: string;
  market_label: string;
  outcome_label: string;
  liability: bigint | string;
  leg_result: string | null;
};

const big = (v: bigint | string | null) => (v === null ? null : BigInt(v));
const toRow = (r: Raw): GameBetRow => ({
  id: r.id,
  merchant: r.merchant,
  venueCode: r.venue_code,
  playerId: r.player_id,
  gameCode: r.game_code,
  roundNo: r.round_no,
  slipId: r.slip_id,
  stake: BigInt(r.stake),
  status: r.status,
  result: r.result,
  payout: big(r.payout),
  validStake: big(r.valid_stake),
  placedAt: new Date(r.placed_at).getTime(),
  settledAt: r.settled_at ? new Date(r.settled_at).getTime() : null,
  version: Number(r.version),
  selectionId: r.selection_id,
  eventId: r.event_id,
  marketId: r.market_id,
  oddsMilli: Number(r.odds_milli),
  eventName: r.event_name,
  marketLabel: r.market_label,
  outcomeLabel: r.outcome_label,
  liability: BigInt(r.liability),
  legResult: r.leg_result,
});

const SELECT_GAME_BETS = `SELECT b.id, b.merchant, b.venue_code, b.player_id, b.game_code, b.round_no,
    b.slip_id, b.stake, b.status, b.result, b.payout, b.valid_stake, b.placed_at, b.settled_at,
    b.version, l.selection_id, l.event_id, l.market_id, l.odds_milli, l.event_name,
    l.market_label, l.outcome_label, l.liability, l.result AS leg_result
  FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id AND l.leg = 1`;

/** Writes a slip's bets, their legs and their first versions (the caller's transaction). */
export async function insertGameBets(
  q: Queryable,
  bets: readonly (GameBetRow & { requestKey: string; requestHash: string })[],
  versions: readonly BetVersion[],
): Promise<void> {
  await q.query(
    `INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash, stake,
       odds_policy, status, placed_at, game_code, round_no, slip_id)
     SELECT t.id, t.m, t.v, t.p, t.k, t.h, t.s, 'none', 'open', $8::timestamptz, t.g, t.r, t.sl
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::bigint[], $9::text[], $10::text[], $11::text[]) AS t(id, m, v, p, k, h, s, g, r, sl)`,
    [
      bets.map((b) => b.id),
      bets.map((b) => b.merchant),
      bets.map((b) => b.venueCode),
      bets.map((b) => b.playerId),
      bets.map((b) => b.requestKey),
      bets.map((b) => b.requestHash),
      bets.map((b) => String(b.stake)),
      new Date(bets[0]!.placedAt),
      bets.map((b) => b.gameCode),
      bets.map((b) => b.roundNo),
      bets.map((b) => b.slipId),
    ],
  );
  await q.query(
    `INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period,
       odds_milli, event_name, market_label, outcome_label, liability)
     SELECT t.id, 1, t.e, t.s, t.mk, 'round', t.o, t.en, t.ml, t.ol, t.l
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[],
         $7::text[], $8::text[], $9::bigint[]) AS t(id, e, s, mk, o, en, ml, ol, l)`,
    [
      bets.map((b) => b.id),
      bets.map((b) => b.eventId),
      bets.map((b) => b.selectionId),
      bets.map((b) => b.marketId),
      bets.map((b) => b.oddsMilli),
      bets.map((b) => b.eventName),
      bets.map((b) => b.marketLabel),
      bets.map((b) => b.outcomeLabel),
      bets.map((b) => String(b.liability)),
    ],
  );
  await insertVersions(
    q,
    bets.map((b, i) => ({ merchant: b.merchant, venueCode: b.venueCode, body: versions[i]! })),
  );
}

export async function readSlipBets(q: Queryable, slipId: string): Promise<GameBetRow[]> {
  const r = await q.query<Raw>(`${SELECT_GAME_BETS} WHERE b.slip_id = $1 ORDER BY b.id`, [slipId]);
  return r.rows.map(toRow);
}

/** A player's game bets, newest first (我的注单). */
export async function listPlayerGameBets(
  q: Queryable,
  f: {
    merchant: string;
    venueCode: string;
    playerId: string;
    gameCode: string | null;
    roundNo: string | null;
    settled: boolean | null;
    before: string | null;
    limit: number;
  },
): Promise<GameBetRow[]> {
  const r = await q.query<Raw>(
    `${SELECT_GAME_BETS}
      WHERE b.merchant = $1 AND b.venue_code = $2 AND b.player_id = $3 AND b.game_code IS NOT NULL
        AND ($4::text IS NULL OR b.game_code = $4) AND ($5::text IS NULL OR b.round_no = $5)
        AND ($6::boolean IS NULL OR (b.status = 'open') <> $6)
        AND ($7::text IS NULL OR (b.placed_at, b.id) < (SELECT placed_at, id FROM venue_bets
              WHERE id = $7 AND merchant = $1 AND venue_code = $2 AND player_id = $3))
      ORDER BY b.placed_at DESC, b.id DESC LIMIT $8`,
    [f.merchant, f.venueCode, f.playerId, f.gameCode, f.roundNo, f.settled, f.before, f.limit],
  );
  return r.rows.map(toRow);
}

/**
 * The next batch of a round's open bets: every open bet of up to `players` players (a
 * player's bets are settled together, so valid stake sees all of them at once).
 */
export async function openRoundBatch(
  q: Queryable,
  gameCode: string,
  roundNo: string,
  players: number,
): Promise<GameBetRow[]> {
  const r = await q.query<Raw>(
    `${SELECT_GAME_BETS}
      WHERE b.game_code = $1 AND b.round_no = $2 AND b.status = 'open'
        AND (b.merchant, b.venue_code, b.player_id) IN (
          SELECT DISTINCT merchant, venue_code, player_id FROM venue_bets
           WHERE game_code = $1 AND round_no = $2 AND status = 'open'
           ORDER BY merchant, venue_code, player_id LIMIT $3)
      ORDER BY b.id`,
    [gameCode, roundNo, players],
  );
  return r.rows.map(toRow);
}

/**
 * Ends bets still open at the version read (settled or voided), their legs' results with
 * them; answers the ids this call ended (compare-and-set: a repeat ends nothing).
 */
export async function markGameBetsEnded(
  q: Queryable,
  rows: readonly {
    id: string;
    version: number;
    status: 'settled' | 'voided';
    result: string;
    legResult: string;
    payout: bigint;
    validStake: bigint;
  }[],
  at: number,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const r = await q.query<{ id: string }>(
    `UPDATE venue_bets b SET status = u.st, result = u.r, payout = u.p, valid_stake = u.vs,
        settled_at = $7, version = b.version + 1
       FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::bigint[])
         AS u(id, v, st, r, p, vs)
      WHERE b.id = u.id AND b.version = u.v AND b.status = 'open'
      RETURNING b.id`,
    [
      rows.map((x) => x.id),
      rows.map((x) => x.version),
      rows.map((x) => x.status),
      rows.map((x) => x.result),
      rows.map((x) => String(x.payout)),
      rows.map((x) => String(x.validStake)),
      new Date(at),
    ],
  );
  const done = new Set(r.rows.map((x) => x.id));
  const ended = rows.filter((x) => done.has(x.id));
  if (ended.length > 0) {
    await q.query(
      `UPDATE venue_bet_legs l SET result = u.r
         FROM unnest($1::text[], $2::text[]) AS u(id, r) WHERE l.bet_id = u.id AND l.leg = 1`,
      [ended.map((x) => x.id), ended.map((x) => x.legResult)],
    );
  }
  return done;
}
