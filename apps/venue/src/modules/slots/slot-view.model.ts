import { fenToYuanString, parseMoney } from '@nebula/protocol';
import type {
  SlotScreenView,
  SpinHistoryItem,
  SpinProof,
  SpinResult,
} from '@nebula/protocol/venue/games/index';
import type { SpinOutcome, SpinScreen } from '@nebula/protocol/venue/games/slots/index';
import type { SeedPairRow } from '../fair-seeds/seed-pairs.service';
import type { SpinRow } from './slot-spins.repository';

/**
 * A spin as its player sees it (docs/contract.md §10.13). The engine counts in line-bet units;
 * here they become money: units × the line bet, integer fen.
 */

const money = (fen: bigint) => fenToYuanString(fen);

export function screenView(s: SpinScreen, lineBet: bigint): SlotScreenView {
  const m = BigInt(s.multiplier);
  return {
    stops: s.stops,
    window: s.window,
    lines: s.lines.map((l) => ({
      line: l.line,
      symbol: l.symbol,
      count: l.count,
      win: money(BigInt(l.pay) * m * lineBet),
    })),
    scatters: s.scatters,
    scatterWin: money(BigInt(s.scatterPay) * m * lineBet),
    multiplier: s.multiplier,
    win: money(BigInt(s.units) * lineBet),
    awards: s.awards,
  };
}

/** The screens a spin row keeps: the paid spin's and its free spins'. */
export interface StoredScreens {
  base: SlotScreenView;
  free: SlotScreenView[];
}

export const storedScreens = (o: SpinOutcome, lineBet: bigint): StoredScreens => ({
  base: screenView(o.base, lineBet),
  free: o.free.map((f) => screenView(f, lineBet)),
});

export function proofOf(r: SpinRow, pair: SeedPairRow | undefined): SpinProof {
  return {
    serverSeedCommitment: pair?.commitment ?? '',
    // Only a rotated pair's seed is ever shown.
    serverSeed: pair && pair.rotatedAt !== null ? pair.serverSeed : null,
    clientSeed: r.clientSeed,
    nonce: r.nonce,
    parSheetHash: r.parSheetHash,
    parSheetVersion: r.parSheetVersion,
  };
}

/** `screens` when the caller holds them already (the spin just written), else the row's. */
export function spinResultView(
  r: SpinRow,
  pair: SeedPairRow | undefined,
  screens: StoredScreens = JSON.parse(r.screens) as StoredScreens,
): SpinResult {
  const retriggers = screens.free.filter((f) => f.awards > 0).length;
  const featureWin = screens.free.reduce((s, f) => s + parseMoney(f.win), 0n);
  return {
    spinId: r.id,
    requestKey: r.requestKey,
    gameCode: r.gameCode,
    lineBet: money(r.lineBet),
    lineCount: r.lineCount,
    bet: money(r.bet),
    nonce: r.nonce,
    clientSeed: r.clientSeed,
    serverSeedCommitment: pair?.commitment ?? '',
    proof: proofOf(r, pair),
    base: screens.base,
    free: screens.free,
    feature: {
      triggered: screens.free.length > 0,
      spins: screens.free.length,
      retriggers,
      win: money(featureWin),
    },
    totalWin: money(r.totalWin),
    capped: r.capped,
    balance: money(r.balanceAfter),
    createdAt: r.createdAt,
  };
}

export function spinHistoryItem(r: SpinRow, pair: SeedPairRow | undefined): SpinHistoryItem {
  const screens = JSON.parse(r.screens) as StoredScreens;
  return {
    spinId: r.id,
    gameCode: r.gameCode,
    bet: money(r.bet),
    totalWin: money(r.totalWin),
    stops: screens.base.stops,
    freeSpins: screens.free.length,
    proof: proofOf(r, pair),
    createdAt: r.createdAt,
  };
}
