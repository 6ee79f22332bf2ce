import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '@nebula/db';
import { gameSelectionId } from '@nebula/protocol/venue/games/game-selection';
import { TABLE_ZONE_NAMES, type TableZone } from '@nebula/protocol/venue/games/tables-zones';
import { insertGameBets, type GameBetRow } from '../../apps/venue/src/modules/bets/bet.service';
import { gameBetVersion } from '../../apps/venue/src/modules/games/game-bet-view.model';
import { addRoundStake, claimSlip } from '../../apps/venue/src/modules/games/game-bets.repository';
import type { GameSettlementService } from '../../apps/venue/src/modules/games/game-settlement.service';
import type { StoredHand } from '../../apps/venue/src/modules/games/table-shoe.model';
import { zoneOddsMilli } from '../../apps/venue/src/modules/games/table-shoe.model';
import { zoneTotals } from '../../apps/venue/src/modules/games/table-round.repository';
import type { TableSettlementService } from '../../apps/venue/src/modules/games/table-settlement.service';
import { findTableRound, type TableRow } from '../../apps/venue/src/modules/games/table.repository';
import {
  bookAccount,
  playerAccount,
} from '../../apps/venue/src/modules/ledger/venue-accounts.model';
import type { VenueLedger } from '../../apps/venue/src/modules/ledger/venue-ledger.service';

/**
 * The naive live-table peer bench:tables measures the venue against: one transaction per bet,
 * each taking the round row FOR UPDATE (so every bet at the table waits for the one before),
 * writing what a placement writes for that bet — the claim, the member's round total, the stake
 * through the same venue ledger, the bet and its version — and then a broadcast per bet: the
 * table's zone totals read and serialised inside the transaction, as a push to every socket at
 * the table would need. Its settlement is one transaction per bet.
 */
export class SealedError extends Error {}

type Player = { merchant: string; venueCode: string; playerId: string };

/** Every payload the peer would have pushed, in commit order (the round row orders them). */
export const naivePushes: string[] = [];

export async function naivePlaceTableBet(
  db: Db,
  ledger: VenueLedger,
  now: () => number,
  player: Player,
  table: TableRow,
  roundNo: string,
  zone: TableZone,
  stake: bigint,
): Promise<void> {
  await db.tx(async (q) => {
    const at = now();
    const round = await findTableRound(q, table.code, roundNo, 'update');
    if (!round || round.state !== 'betting' || at >= round.sealAt) throw new SealedError();
    const slipId = randomBytes(12).toString('base64url');
    const requestKey = randomBytes(12).toString('hex');
    await claimSlip(
      q,
      { ...player, requestKey },
      { slipId, requestHash: requestKey, gameCode: table.code, roundNo, total: stake },
      at,
    );
    if (
      !(await addRoundStake(
        q,
        { ...player, gameCode: table.code, roundNo },
        stake,
        table.maxPerRound,
      ))
    )
      throw new Error('round limit');
    const name = TABLE_ZONE_NAMES[zone];
    const bet: GameBetRow & { requestKey: string; requestHash: string } = {
      id: `N${randomBytes(8).toString('hex')}`,
      ...player,
      gameCode: table.code,
      roundNo,
      slipId,
      requestKey: `${slipId}:0`,
      requestHash: requestKey,
      stake,
      status: 'open',
      result: null,
      payout: null,
      validStake: null,
      placedAt: at,
      settledAt: null,
      version: 1,
      selectionId: gameSelectionId(table.code, roundNo, zone, ''),
      eventId: `g:${table.code}:${roundNo}`,
      marketId: `g:${table.code}:${roundNo}:${zone}`,
      oddsMilli: zoneOddsMilli(table.kind, table.noCommission, zone),
      eventName: `${table.code} 第${roundNo}局`,
      marketLabel: name,
      outcomeLabel: name,
      liability: 0n,
      legResult: null,
    };
    const debit = await ledger.post(q, {
      reference: `bet:${bet.id}`,
      kind: 'bet_stake',
      postings: [
        { account: playerAccount(player), amount: -stake },
        { account: bookAccount(player), amount: stake },
      ],
    });
    if (!debit.posted) throw new Error('balance');
    await insertGameBets(q, [bet], [gameBetVersion(bet, 'accepted')]);
    const totals = await zoneTotals(q, table.code, roundNo);
    naivePushes.push(
      JSON.stringify({ roundNo, totals: [...totals].map(([z, a]) => [z, a.toString()]) }),
    );
  });
}

/** Settles each bet in its own transaction: re-read under lock, decide on the hand, end it. */
export async function naiveSettleTable(
  db: Db,
  tables: TableSettlementService,
  games: GameSettlementService,
  table: TableRow,
  hand: StoredHand,
  bets: readonly GameBetRow[],
): Promise<number> {
  let n = 0;
  for (const bet of bets) {
    await db.tx(async (q: Queryable) => {
      const cur = await q.query<{ status: string }>(
        'SELECT status FROM venue_bets WHERE id = $1 FOR UPDATE',
        [bet.id],
      );
      if (cur.rows[0]?.status !== 'open') return;
      n += await games.endBets(q, tables.decide(table, hand, [bet]), 'settle');
    });
  }
  return n;
}
