import type { Queryable } from '@nebula/db';
import { DEMO_MERCHANT } from '@nebula/protocol/venue/merchant';

/**
 * SQL of what the games keep about bets beside the bets themselves (docs/contract.md §10.11):
 * slips and their request keys, a player's stake per round, each game's stake rules and
 * liability cap, and the reads of the family counts and the daily report.
 */
export interface GameSettings {
  gameCode: string;
  /** All money in fen. */
  unitPrice: bigint;
  maxMultiple: number;
  maxStakePerBet: bigint;
  maxStakePerRound: bigint;
  maxPicksPerSlip: number;
  /** The most the house may stand to lose on one (round, bet type, pick). */
  liabilityCap: bigint;
}

export interface SlipRow {
  slipId: string;
  requestHash: string;
  gameCode: string;
  roundNo: string;
  total: bigint;
}

type RawSettings = {
  game_code: string;
  unit_price: bigint | string;
  max_multiple: number;
  max_stake_per_bet: bigint | string;
  max_stake_per_round: bigint | string;
  max_picks_per_slip: number;
  liability_cap: bigint | string;
};

/** Adds a game's settings on first start; existing ones stay as operators made them. */
export async function seedSettings(q: Queryable, s: GameSettings, now: number): Promise<void> {
  await q.query(
    `INSERT INTO venue_game_settings (game_code, unit_price, max_multiple, max_stake_per_bet,
       max_stake_per_round, max_picks_per_slip, liability_cap, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game_code) DO NOTHING`,
    [
      s.gameCode,
      s.unitPrice,
      s.maxMultiple,
      s.maxStakePerBet,
      s.maxStakePerRound,
      s.maxPicksPerSlip,
      s.liabilityCap,
      new Date(now),
    ],
  );
}

export async function readSettings(q: Queryable, gameCode: string): Promise<GameSettings | null> {
  const r = await q.query<RawSettings>('SELECT * FROM venue_game_settings WHERE game_code = $1', [
    gameCode,
  ]);
  const s = r.rows[0];
  return s
    ? {
        gameCode: s.game_code,
        unitPrice: BigInt(s.unit_price),
        maxMultiple: Number(s.max_multiple),
        maxStakePerBet: BigInt(s.max_stake_per_bet),
        maxStakePerRound: BigInt(s.max_stake_per_round),
        maxPicksPerSlip: Number(s.max_picks_per_slip),
        liabilityCap: BigInt(s.liability_cap),
      }
    : null;
}

export async function writeSettings(q: Queryable, s: GameSettings, now: number): Promise<void> {
  await q.query(
    `UPDATE venue_game_settings SET unit_price = $2, max_multiple = $3, max_stake_per_bet = $4,
       max_stake_per_round = $5, max_picks_per_slip = $6, liability_cap = $7, updated_at = $8
     WHERE game_code = $1`,
    [
      s.gameCode,
      s.unitPrice,
      s.maxMultiple,
      s.maxStakePerBet,
      s.maxStakePerRound,
      s.maxPicksPerSlip,
      s.liabilityCap,
      new Date(now),
    ],
  );
}

type Key = { merchant: string; venueCode: string; playerId: string };

/**
 * Claims a request key for a new slip; false when a slip holds it already (nothing written).
 * A concurrent claim of the same key waits for the first one's transaction and then finds it.
 */
export async function claimSlip(
  q: Queryable,
  k: Key & { requestKey: string },
  s: SlipRow,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO venue_game_slips (merchant, venue_code, player_id, request_key, request_hash,
       slip_id, game_code, round_no, total, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (merchant, venue_code, player_id, request_key) DO NOTHING`,
    [
      k.merchant,
      k.venueCode,
      k.playerId,
      k.requestKey,
      s.requestHash,
      s.slipId,
      s.gameCode,
      s.roundNo,
      s.total,
      new Date(now),
    ],
  );
  return r.rowCount > 0;
}

export async function findSlip(
  q: Queryable,
  k: Key & { requestKey: string },
): Promise<SlipRow | null> {
  const r = await q.query<{
    slip_id: string;
    request_hash: string;
    game_code: string;
    round_no: string;
    total: bigint | string;
  }>(
    `SELECT slip_id, request_hash, game_code, round_no, total FROM venue_game_slips
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3 AND request_key = $4`,
    [k.merchant, k.venueCode, k.playerId, k.requestKey],
  );
  const s = r.rows[0];
  return s
    ? {
        slipId: s.slip_id,
        requestHash: s.request_hash,
        gameCode: s.game_code,
        roundNo: s.round_no,
        total: BigInt(s.total),
      }
    : null;
}

/** Adds a slip's total to the player's stake on the round if it stays within `limit`. */
export async function addRoundStake(
  q: Queryable,
  k: Key & { gameCode: string; roundNo: string },
  amount: bigint,
  limit: bigint,
): Promise<boolean> {
  if (amount > limit) return false;
  const r = await q.query(
    `INSERT INTO venue_game_player_rounds (merchant, venue_code, player_id, game_code, round_no,
       staked)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (merchant, venue_code, player_id, game_code, round_no) DO UPDATE
       SET staked = venue_game_player_rounds.staked + EXCLUDED.staked
       WHERE venue_game_player_rounds.staked + EXCLUDED.staked <= $7::bigint`,
    [k.merchant, k.venueCode, k.playerId, k.gameCode, k.roundNo, amount, limit],
  );
  return r.rowCount > 0;
}

/** Per family: rounds open now of its open games, and rounds drawn in [from, to). */
export async function familyCounts(
  q: Queryable,
  from: number,
  to: number,
): Promise<{ family: string; live: number; today: number }[]> {
  const r = await q.query<{ family: string; live: number; today: number }>(
    `SELECT g.family,
            count(*) FILTER (WHERE g.status = 'open' AND r.status = 'open')::int AS live,
            count(*) FILTER (WHERE r.drawn_at >= $1 AND r.drawn_at < $2)::int AS today
       FROM venue_game_rounds r JOIN venue_games g ON g.code = r.game_code
      WHERE r.status = 'open' OR r.drawn_at >= $1
      GROUP BY g.family`,
    [new Date(from), new Date(to)],
  );
  return r.rows.map((x) => ({ family: x.family, live: Number(x.live), today: Number(x.today) }));
}

/**
 * A game's day: bets settled in [from, to) and rounds voided then, per cause. The demo
 * merchant's play money is no takings (docs/contract.md §6): left out here and per pick.
 */
export async function dayTotals(
  q: Queryable,
  gameCode: string,
  from: number,
  to: number,
): Promise<{
  bets: number;
  stakes: bigint;
  payouts: bigint;
  validStakes: bigint;
  voidedBets: number;
  voids: { cause: string; rounds: number }[];
}> {
  const b = await q.query<{
    bets: number;
    stakes: bigint | string;
    payouts: bigint | string;
    valid: bigint | string;
    voided: number;
  }>(
    `SELECT count(*) FILTER (WHERE status = 'settled')::int AS bets,
            coalesce(sum(stake) FILTER (WHERE status = 'settled'), 0)::bigint AS stakes,
            coalesce(sum(payout) FILTER (WHERE status = 'settled'), 0)::bigint AS payouts,
            coalesce(sum(valid_stake) FILTER (WHERE status = 'settled'), 0)::bigint AS valid,
            count(*) FILTER (WHERE status = 'voided')::int AS voided
       FROM venue_bets WHERE game_code = $1 AND settled_at >= $2 AND settled_at < $3
        AND merchant <> $4`,
    [gameCode, new Date(from), new Date(to), DEMO_MERCHANT],
  );
  const v = await q.query<{ cause: string; rounds: number }>(
    `SELECT void_cause AS cause, count(*)::int AS rounds FROM venue_game_rounds
      WHERE game_code = $1 AND status = 'voided' AND voided_at >= $2 AND voided_at < $3
      GROUP BY void_cause ORDER BY void_cause`,
    [gameCode, new Date(from), new Date(to)],
  );
  const row = b.rows[0]!;
  return {
    bets: Number(row.bets),
    stakes: BigInt(row.stakes),
    payouts: BigInt(row.payouts),
    validStakes: BigInt(row.valid),
    voidedBets: Number(row.voided),
    voids: v.rows.map((x) => ({ cause: x.cause, rounds: Number(x.rounds) })),
  };
}

/** A game's settled bets of [from, to) per (bet type, pick): counts, stakes and payouts. */
export async function dayByPick(
  q: Queryable,
  gameCode: string,
  from: number,
  to: number,
): Promise<{ betType: string; pick: string; bets: number; stakes: bigint; payouts: bigint }[]> {
  const r = await q.query<{
    board: string;
    bets: number;
    stakes: bigint | string;
    payouts: bigint | string;
  }>(
    `SELECT substr(l.selection_id, length('g:' || b.game_code || ':' || b.round_no || ':') + 1)
              AS board,
            count(*)::int AS bets, sum(b.stake)::bigint AS stakes,
            sum(b.payout)::bigint AS payouts
       FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id AND l.leg = 1
      WHERE b.game_code = $1 AND b.status = 'settled' AND b.settled_at >= $2 AND b.settled_at < $3
        AND b.merchant <> $4
      GROUP BY 1 ORDER BY 1`,
    [gameCode, new Date(from), new Date(to), DEMO_MERCHANT],
  );
  return r.rows.map((x) => {
    const cut = x.board.indexOf(':');
    return {
      betType: x.board.slice(0, cut),
      pick: x.board.slice(cut + 1),
      bets: Number(x.bets),
      stakes: BigInt(x.stakes),
      payouts: BigInt(x.payouts),
    };
  });
}
