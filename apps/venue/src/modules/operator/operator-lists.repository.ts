import type { Queryable } from '@nebula/db';
import { DEMO_MERCHANT } from '@nebula/protocol/venue/merchant';

/**
 * The operator lists' SQL (contract §6 "Lists"): every filter a bound parameter, newest first,
 * a page by offset or after a keyset cursor. Times in keys are microseconds since the epoch
 * (exact, so a cursor never skips or repeats a row that shares a millisecond with another).
 */

/** WHERE clauses with their parameters numbered as they are added. */
export class Where {
  readonly params: unknown[] = [];
  readonly #parts: string[] = [];
  /** Adds `sql` with each `?` replaced by the next parameter's placeholder. */
  add(sql: string, ...values: unknown[]): this {
    let i = 0;
    this.#parts.push(sql.replace(/\?/g, () => this.#bind(values[i++])));
    return this;
  }
  #bind(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  get sql(): string {
    return this.#parts.length ? `WHERE ${this.#parts.join(' AND ')}` : '';
  }
}

/** A text a LIKE pattern matches literally (`%` and `_` in a name are not wildcards). */
export const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Microseconds since the epoch back to a timestamp, exactly. */
export const US_TIME = `(timestamptz 'epoch' + ?::bigint * interval '1 microsecond')`;

export interface Slice {
  limit: number;
  offset: number;
}

async function countOf(q: Queryable, from: string, w: Where): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${from} ${w.sql}`,
    w.params,
  );
  return r.rows[0]?.n ?? 0;
}

const page = (w: Where, s: Slice) => {
  const n = w.params.length;
  w.params.push(s.limit, s.offset);
  return `LIMIT $${n + 1} OFFSET $${n + 2}`;
};

export interface BetRowRecord {
  id: string;
  merchant: string;
  venue_code: string;
  player_id: string;
  status: string;
  result: string | null;
  stake: bigint;
  payout: bigint | null;
  legs: number;
  event_name: string | null;
  market_label: string | null;
  game_code: string | null;
  round_no: string | null;
  placed_at: Date;
  settled_at: Date | null;
  key_us: string;
}

export async function listBets(q: Queryable, w: Where, s: Slice, withTotal: boolean) {
  const total = withTotal ? await countOf(q, 'venue_bets b', w) : null;
  const rows = await q.query<BetRowRecord>(
    `SELECT b.id, b.merchant, b.venue_code, b.player_id, b.status, b.result, b.stake, b.payout,
            (SELECT count(*)::int FROM venue_bet_legs c WHERE c.bet_id = b.id) AS legs,
            f.event_name, f.market_label, b.game_code, b.round_no, b.placed_at, b.settled_at,
            (extract(epoch FROM b.placed_at) * 1000000)::bigint::text AS key_us
       FROM venue_bets b LEFT JOIN venue_bet_legs f ON f.bet_id = b.id AND f.leg = 1
       ${w.sql} ORDER BY b.placed_at DESC, b.id DESC ${page(w, s)}`,
    w.params,
  );
  return { total, rows: rows.rows };
}

export interface EventRowRecord {
  id: string;
  sport: string;
  league_id: string;
  home: string;
  away: string;
  starts_at: Date;
  status: 'scheduled' | 'live' | 'finished' | 'cancelled';
  score_home: number;
  score_away: number;
  held: boolean;
  held_markets: string[];
  result_source: 'feed' | 'operator';
  bets: number;
  open_bets: number;
  key_us: string;
}

export async function listEvents(q: Queryable, w: Where, s: Slice, withTotal: boolean) {
  const total = withTotal ? await countOf(q, 'venue_events e', w) : null;
  const rows = await q.query<EventRowRecord>(
    `SELECT e.id, e.sport, e.league_id, e.home, e.away, e.starts_at, e.status, e.score_home,
            e.score_away, e.held, e.held_markets, e.result_source, n.bets, n.open_bets,
            (extract(epoch FROM e.starts_at) * 1000000)::bigint::text AS key_us
       FROM venue_events e
       JOIN LATERAL (SELECT count(DISTINCT l.bet_id)::int AS bets,
                            (count(DISTINCT l.bet_id)
                               FILTER (WHERE b.status IN ('pending', 'open')))::int AS open_bets
                       FROM venue_bet_legs l JOIN venue_bets b ON b.id = l.bet_id
                      WHERE l.event_id = e.id) n ON true
       ${w.sql} ORDER BY e.starts_at DESC, e.id DESC ${page(w, s)}`,
    w.params,
  );
  return { total, rows: rows.rows };
}

export interface RoundRowRecord {
  game_code: string;
  round_no: string;
  chain_id: string;
  chain_index: number;
  status: 'open' | 'sealed' | 'drawn' | 'settled' | 'voided';
  opens_at: Date;
  draw_at: Date;
  void_cause: string | null;
  bets: number;
  stakes: bigint;
  payouts: bigint;
  key_us: string;
}

/** Rounds with their real-money bets (the demo merchant's play money apart, as in reports). */
export async function listRounds(q: Queryable, w: Where, s: Slice, withTotal: boolean) {
  const total = withTotal ? await countOf(q, 'venue_game_rounds r', w) : null;
  const demo = w.params.push(DEMO_MERCHANT);
  const rows = await q.query<RoundRowRecord>(
    `SELECT r.game_code, r.round_no, r.chain_id, r.chain_index, r.status, r.opens_at, r.draw_at,
            r.void_cause, n.bets, n.stakes, n.payouts,
            (extract(epoch FROM r.opens_at) * 1000000)::bigint::text AS key_us
       FROM venue_game_rounds r
       JOIN LATERAL (SELECT count(*)::int AS bets, COALESCE(sum(b.stake), 0)::bigint AS stakes,
                            COALESCE(sum(b.payout), 0)::bigint AS payouts
                       FROM venue_bets b
                      WHERE b.game_code = r.game_code AND b.round_no = r.round_no
                        AND b.status IN ('open', 'settled', 'voided') AND b.merchant <> $${demo}) n
         ON true
       ${w.sql} ORDER BY r.opens_at DESC, r.game_code DESC, r.round_no DESC ${page(w, s)}`,
    w.params,
  );
  return { total, rows: rows.rows };
}

export interface AuditRowRecord {
  id: string;
  operator: string;
  action: string;
  target: string;
  detail: Record<string, unknown> | string;
  at: Date;
}

export async function listAudit(q: Queryable, w: Where, s: Slice, withTotal: boolean) {
  const total = withTotal ? await countOf(q, 'venue_operator_audit a', w) : null;
  const rows = await q.query<AuditRowRecord>(
    `SELECT a.id::text AS id, a.operator, a.action, a.target, a.detail, a.at
       FROM venue_operator_audit a ${w.sql} ORDER BY a.id DESC ${page(w, s)}`,
    w.params,
  );
  return { total, rows: rows.rows };
}

export interface PlayerRowRecord {
  merchant: string;
  venue_code: string;
  player_id: string;
  balance: bigint;
  debt: bigint;
  bets: number;
  last_bet_at: Date | null;
}

/** Wallets in key order, each with how many bets it placed and when it last did. */
export async function listPlayers(q: Queryable, w: Where, s: Slice, withTotal: boolean) {
  const total = withTotal ? await countOf(q, 'venue_wallets w', w) : null;
  const rows = await q.query<PlayerRowRecord>(
    `SELECT w.merchant, w.venue_code, w.player_id, w.balance, w.debt, n.bets, n.last_bet_at
       FROM venue_wallets w
       JOIN LATERAL (SELECT count(*)::int AS bets, max(b.placed_at) AS last_bet_at
                       FROM venue_bets b
                      WHERE b.merchant = w.merchant AND b.venue_code = w.venue_code
                        AND b.player_id = w.player_id) n ON true
       ${w.sql} ORDER BY w.merchant, w.venue_code, w.player_id ${page(w, s)}`,
    w.params,
  );
  return { total, rows: rows.rows };
}

export interface GameRowRecord {
  code: string;
  name: string;
  family: string;
  status: 'open' | 'closed';
  rounds_left: number;
}

/** The house games in code order, each with the rounds its published chains have left. */
export async function listGames(q: Queryable, w: Where, s: Slice, withTotal: boolean) {
  const total = withTotal ? await countOf(q, 'venue_games g', w) : null;
  const rows = await q.query<GameRowRecord>(
    `SELECT g.code, g.name, g.family, g.status,
            (SELECT COALESCE(sum(c.length - c.next_index), 0)::int
               FROM venue_game_chains c WHERE c.game_code = g.code) AS rounds_left
       FROM venue_games g ${w.sql} ORDER BY g.code ${page(w, s)}`,
    w.params,
  );
  return { total, rows: rows.rows };
}
