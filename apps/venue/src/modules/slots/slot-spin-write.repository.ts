import type { Queryable } from '@nebula/db';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { allowanceApplies } from '../allowance/allowance.service';
import { settledGameBetCtes } from '../bets/bet.service';
import {
  ROUND_READY,
  roundCheckCtes,
  roundWriteCtes,
  type SeedPairRow,
} from '../fair-seeds/seed-pairs.service';
import type { SettledStake } from '../ledger/venue-ledger.service';
import { STAKE_TAKEN, settledStakeCtes } from '../ledger/venue-ledger.sql';
import type { SpinRow } from './slot-spins.repository';

/**
 * A paid spin's writes in ONE prepared statement (docs/contract.md §10.13), one round trip: the
 * spin's outcome is drawn beforehand from the pair the caller believes current, and the
 * statement takes the player's lock row (at once, or 55P03), checks under it that the pair,
 * nonce and client seed are still those and the cycle allows a round, and that no allowance
 * needs the transaction's reads; only then takes the stake and credits the return (the ledger's
 * fragment, venue-ledger.sql.ts), writes the spin, its settled bet with both versions (the
 * bets' fragment) and moves the nonce and the cycle on (the seed pairs' fragment). Each write
 * waits on the stake's, and the stake on every check, so a refusal writes nothing even with no
 * transaction around it. The request key is claimed by the spin's unique key: a key the player
 * has used fails the statement whole (23505, nothing written) and the caller answers the first
 * spin — a lookup beforehand would cost every spin a read for what only a retry needs.
 */

/** What the statement writes; the round and the bet are named by the spin's id it takes. */
export interface SpinWrite {
  spin: Omit<SpinRow, 'id' | 'balanceAfter'>;
  /** The latest start the previous round may have had; null: no minimum cycle. */
  cycleFrom: number | null;
  money: SettledStake;
  bet: {
    requestKey: string;
    result: 'won' | 'lost' | 'push';
    validStake: bigint;
    oddsMilli: number;
    gameName: string;
    marketLabel: string;
    outcomeLabel: string;
    /** Accepted and settled; leg 0's `selectionId` and `eventName` are set from the spin's id. */
    versions: readonly [BetVersion, BetVersion];
  };
  /** The allowance was taken in the caller's transaction: a player's allowance does not stop it. */
  allowanceByCaller: boolean;
}

export interface SpinWritten {
  /** The spin's id and the balance after it: null when nothing was written. */
  id: string | null;
  balanceAfter: bigint | null;
  /** The player has a lock row (a first round needs its pair made first). */
  locked: boolean;
  /** The player's pair as committed now, and when its last round began. */
  pair: SeedPairRow | null;
  lastRoundAt: number | null;
  /** The pair, nonce and client seed were the caller's and the cycle allowed the round. */
  ready: boolean;
  /** An allowance applies and was not taken: the spin must run in a transaction. */
  allowance: boolean;
}

type Raw = {
  id: string | null;
  balance: bigint | string | null;
  allowance: boolean;
  ready: boolean;
  locked: boolean;
  last_round_at: Date | null;
  pair_id: string | null;
  server_seed: string | null;
  commitment: string | null;
  client_seed: string | null;
  nonce: number | null;
  created_at: Date | null;
};

const PLAYER = { merchant: '$1', venueCode: '$2', playerId: '$3' };
const ROUND = { ...PLAYER, at: '$4', cycleFrom: '$5', pairId: '$6', nonce: '$7', clientSeed: '$8' };

const SQL = `WITH ${roundCheckCtes(ROUND)}, ${settledStakeCtes({
  ...PLAYER,
  guard: `${ROUND_READY} AND ($10::boolean OR NOT ${allowanceApplies('$1', '$3')})`,
  amount: '$11::bigint',
  reference: '$12',
  kind: '$13',
  createdAt: '$4::timestamptz',
  accounts: '$14',
  amounts: '$15',
  credit: '$16::bigint',
  payoutReference: '$17',
  payoutKind: '$18',
  payoutAccounts: '$19',
  payoutAmounts: '$20',
})}, spin AS (
       INSERT INTO venue_slot_spins (merchant, venue_code, player_id, request_key, request_hash,
         game_code, par_sheet_version, par_sheet_hash, pair_id, nonce, client_seed, line_bet,
         line_count, bet, total_win, capped, screens, balance_after, bet_id, created_at)
       SELECT $1, $2, $3, $9, $21, $22, $23::int, $24, $6::bigint, $7::int, $8, $25::bigint,
         $26::int, $11::bigint, $16::bigint, $27::boolean, $28, stake_debit.balance, $29,
         $4::timestamptz
         FROM stake_debit
       RETURNING id::text AS id
     ), spin_round AS (
       SELECT id AS round_no, 'spin:' || id AS slip_id, 'g:' || $22 || ':' || id AS event_id,
         'g:' || $22 || ':' || id || ':spin:' AS selection_id,
         'g:' || $22 || ':' || id || ':spin' AS market_id,
         $30 || ' 第' || id || '局' AS event_name
         FROM spin
     ), ${settledGameBetCtes({
       round: 'spin_round',
       ...PLAYER,
       id: '$29',
       requestKey: '$31',
       requestHash: '$21',
       stake: '$11',
       result: '$32',
       payout: '$16',
       validStake: '$33',
       at: '$4',
       gameCode: '$22',
       oddsMilli: '$34',
       marketLabel: '$35',
       outcomeLabel: '$36',
       versions: '$37',
       bodies: '$38',
     })}, ${roundWriteCtes(ROUND, STAKE_TAKEN)}
     SELECT (SELECT id FROM spin) AS id, (SELECT balance FROM stake_debit) AS balance,
            ${allowanceApplies('$1', '$3')} AS allowance,
            ${ROUND_READY} AS ready, EXISTS (SELECT 1 FROM round_lock) AS locked,
            (SELECT last_round_at FROM round_lock) AS last_round_at,
            p.id::text AS pair_id, p.server_seed, p.commitment, p.client_seed, p.nonce,
            p.created_at
       FROM (SELECT 1) AS one LEFT JOIN round_pair p ON true`;

export async function writeSpin(q: Queryable, w: SpinWrite): Promise<SpinWritten> {
  const s = w.spin;
  const m = w.money;
  const r = await q.query<Raw>(
    SQL,
    [
      s.merchant,
      s.venueCode,
      s.playerId,
      new Date(s.createdAt),
      w.cycleFrom === null ? null : new Date(w.cycleFrom),
      s.pairId,
      s.nonce,
      s.clientSeed,
      s.requestKey,
      w.allowanceByCaller,
      String(m.amount),
      m.reference,
      m.kind,
      m.accounts,
      m.amounts.map(String),
      String(m.credit),
      m.payout.reference,
      m.payout.kind,
      m.payout.accounts,
      m.payout.amounts.map(String),
      s.requestHash,
      s.gameCode,
      s.parSheetVersion,
      s.parSheetHash,
      String(s.lineBet),
      s.lineCount,
      s.capped,
      s.screens,
      s.betId,
      w.bet.gameName,
      w.bet.requestKey,
      w.bet.result,
      String(w.bet.validStake),
      w.bet.oddsMilli,
      w.bet.marketLabel,
      w.bet.outcomeLabel,
      w.bet.versions.map((v) => v.version),
      w.bet.versions.map((v) => JSON.stringify(v)),
    ],
    // Prepared once per connection: every paid spin runs it.
    'slot-write-spin',
  );
  const x = r.rows[0]!;
  return {
    id: x.id,
    balanceAfter: x.balance === null ? null : BigInt(x.balance),
    locked: x.locked,
    pair:
      x.pair_id === null
        ? null
        : {
            id: x.pair_id,
            serverSeed: x.server_seed!,
            commitment: x.commitment!,
            clientSeed: x.client_seed!,
            nonce: Number(x.nonce),
            createdAt: new Date(x.created_at!).getTime(),
            rotatedAt: null,
          },
    lastRoundAt: x.last_round_at ? new Date(x.last_round_at).getTime() : null,
    ready: x.ready,
    allowance: x.allowance && !w.allowanceByCaller,
  };
}
