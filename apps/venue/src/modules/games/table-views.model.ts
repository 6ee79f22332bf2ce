import { fenToYuanString } from '@nebula/protocol';
import type {
  ShoeCountsView,
  TableBetView,
  TableHandView,
  TableLimits,
  TableRoundView,
  TableShoeView,
} from '@nebula/protocol/venue/games/tables-api';
import {
  TABLE_ZONE_NAMES,
  zonesOfKind,
  type TableZone,
} from '@nebula/protocol/venue/games/tables-zones';
import type { GameBetRow } from '../bets/bet.service';
import type { ShoeRow, TableRoundRow, TableRow } from './table.repository';

/** What the table pages see (docs/contract.md §10.12): no card before it is dealt. */

export function limitsView(t: TableRow): TableLimits {
  return {
    zones: zonesOfKind(t.kind).map((zone) => ({
      zone,
      min: fenToYuanString(t.zoneLimits[zone]?.min ?? 0n),
      max: fenToYuanString(t.zoneLimits[zone]?.max ?? 0n),
    })),
    maxPerRound: fenToYuanString(t.maxPerRound),
    chips: t.chips.map(fenToYuanString),
  };
}

const legResult = (r: string | null): TableBetView['result'] =>
  r === 'won' || r === 'lost' || r === 'push' || r === 'void' ? r : 'open';

export function tableBetView(b: GameBetRow): TableBetView {
  const zone = b.marketId.slice(`g:${b.gameCode}:${b.roundNo}:`.length) as TableZone;
  return {
    betId: b.id,
    tableCode: b.gameCode,
    roundNo: b.roundNo,
    zone,
    zoneName: TABLE_ZONE_NAMES[zone] ?? zone,
    amount: fenToYuanString(b.stake),
    status: b.status,
    result: legResult(b.legResult),
    payout: b.payout === null ? null : fenToYuanString(b.payout),
    validStake: b.validStake === null ? null : fenToYuanString(b.validStake),
    placedAt: b.placedAt,
    settledAt: b.settledAt,
  };
}

export function handView(r: TableRoundRow): TableHandView | null {
  return r.hand ? { roundNo: r.roundNo, handNo: r.handNo, ...r.hand } : null;
}

const WIRE_STATE = {
  betting: 'betting',
  sealed: 'sealed',
  dealt: 'dealing',
  settled: 'settled',
  voided: 'voided',
} as const;

export function roundView(
  t: TableRow,
  r: TableRoundRow,
  totals: ReadonlyMap<TableZone, bigint>,
): TableRoundView {
  return {
    roundNo: r.roundNo,
    shoeNo: r.shoeNo,
    handNo: r.handNo,
    state: WIRE_STATE[r.state],
    opensAt: r.opensAt,
    bettingEndsAt: r.sealAt,
    zoneTotals: zonesOfKind(t.kind).map((zone) => ({
      zone,
      amount: fenToYuanString(totals.get(zone) ?? 0n),
    })),
    hand: handView(r),
  };
}

export function shoeView(s: ShoeRow, commitment: string): TableShoeView {
  return {
    shoeNo: s.shoeNo,
    chainId: s.chainId,
    chainIndex: s.chainIndex,
    commitment,
    merkleRoot: s.merkleRoot,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    burnCard: s.burnCard,
    cardsUsed: s.nextPosition,
    cardsLeft: 416 - s.nextPosition,
    seed: s.status === 'ended' ? s.seed : null,
  };
}

/** The shoe's counts (庄 闲 和 庄对 闲对; 龙 and 虎 count as 庄 and 闲) over dealt hands. */
export function countsView(hands: readonly TableHandView[]): ShoeCountsView {
  const n = (f: (h: TableHandView) => boolean) => hands.filter(f).length;
  return {
    hands: hands.length,
    banker: n((h) => h.winner === 'banker' || h.winner === 'dragon'),
    player: n((h) => h.winner === 'player' || h.winner === 'tiger'),
    tie: n((h) => h.winner === 'tie'),
    bankerPair: n((h) => h.bankerPair),
    playerPair: n((h) => h.playerPair),
  };
}
