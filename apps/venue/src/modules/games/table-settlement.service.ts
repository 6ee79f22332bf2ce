import type { Db, Queryable } from '@nebula/db';
import { parseGameSelectionId } from '@nebula/protocol/venue/games/index';
import type { TableZone } from '@nebula/protocol/venue/games/tables-zones';
import { openRoundBatch, type GameBetRow } from '../bets/bet.service';
import type { EndedBet, GameSettlementService } from './game-settlement.service';
import { validStakes } from './valid-stake.model';
import type { TableRoundRow, TableRow } from './table.repository';
import { zoneReturnMilli, type StoredHand } from './table-shoe.model';

/**
 * Valid stake at a table (docs/contract.md §6, §10.12): every zone is its own bet type, so the
 * 70 % rule never applies (no zone wins that often); 庄/闲 and 龙/虎 are the two-way pairs, but
 * one member cannot back both sides of a round, so a decided bet counts its stake and a push
 * (庄 or 闲 on a tie) nothing.
 */
const TABLE_VALID_RULES = {
  twoWayPairs: [
    ['banker', 'player'],
    ['dragon', 'tiger'],
  ] as const,
  coverage: () => ({ covered: 0, total: 1 }),
};

/** What a table bet pays back on a hand, in fen: the stake × the zone's return, floored. */
export function tablePayout(table: TableRow, hand: StoredHand, zone: TableZone, stake: bigint) {
  return (stake * BigInt(zoneReturnMilli(table.kind, table.noCommission, hand, zone))) / 1000n;
}

/**
 * Settles a dealt table round's bets in batches of players, each batch one fenced transaction
 * through the games' settlement (`settle:{betId}:{version}` credits through the venue ledger,
 * next versions into the merchant feed); a crash leaves a batch whole or absent, and the round
 * is marked settled only after its last batch.
 */
export class TableSettlementService {
  constructor(
    private readonly db: Db,
    private readonly games: GameSettlementService,
    private readonly playersPerBatch: number,
  ) {}

  /** Each bet's end on the hand: payout, leg result and valid stake. */
  decide(table: TableRow, hand: StoredHand, bets: readonly GameBetRow[]): EndedBet[] {
    const decided = bets.map((bet) => {
      const zone = (parseGameSelectionId(bet.selectionId)?.betType ?? '') as TableZone;
      const payout = tablePayout(table, hand, zone, bet.stake);
      const result = payout > bet.stake ? 'won' : payout === bet.stake ? 'push' : 'lost';
      return { bet, zone, payout, result };
    });
    const valid = validStakes(
      decided.map((d) => ({
        id: d.bet.id,
        betType: d.zone,
        pick: '',
        stake: d.bet.stake,
        outcome: d.result === 'push' ? ('push' as const) : ('decided' as const),
      })),
      TABLE_VALID_RULES,
    );
    return decided.map((d) => ({
      bet: d.bet,
      status: 'settled',
      result: d.result,
      legResult: d.result,
      payout: d.payout,
      validStake: valid.get(d.bet.id) ?? 0n,
    }));
  }

  async settleRound(
    table: TableRow,
    r: TableRoundRow,
    write: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
  ): Promise<number> {
    const hand = r.hand;
    if (!hand) return 0;
    let settled = 0;
    for (;;) {
      const batch = await openRoundBatch(this.db, r.tableCode, r.roundNo, this.playersPerBatch);
      if (batch.length === 0) break;
      const players = new Map<string, GameBetRow[]>();
      for (const b of batch) {
        const k = JSON.stringify([b.merchant, b.venueCode, b.playerId]);
        players.set(k, [...(players.get(k) ?? []), b]);
      }
      const ended = [...players.values()].flatMap((bets) => this.decide(table, hand, bets));
      settled += await write((q) => this.games.endBets(q, ended, 'settle'));
    }
    return settled;
  }

  /** A voided round's bets are refunded in the void's own transaction. */
  voidRound(q: Queryable, r: TableRoundRow): Promise<number> {
    return this.games.voidRound(q, { gameCode: r.tableCode, roundNo: r.roundNo });
  }
}
