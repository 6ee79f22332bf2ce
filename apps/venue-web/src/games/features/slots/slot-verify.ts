import { createStream, type FairTrace } from '@nebula/protocol/fair/byte-stream';
import { hexToBytes, isHex } from '@nebula/protocol/fair/bytes';
import {
  checkClientSeed,
  matchesCommitment,
  playerMessage,
} from '@nebula/protocol/fair/player-seeds';
import { parseMoney } from '@nebula/protocol/money/fen';
import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import { spin as spinOf, type SpinOutcome } from '@nebula/protocol/venue/games/slots/slot-engine';
import type { SpinResult } from '@nebula/protocol/venue/games/slots-api';

/**
 * 公平验证 of a slot spin, in the browser (docs/contract.md §10.5, §10.13): from the revealed
 * server seed, the client seed and the nonce, the stream `clientSeed:nonce` gives the paid
 * spin's five stops and then every free spin's, and the served par sheet (its hash checked) the
 * pay; both are compared with what the venue recorded.
 */
export interface Recomputed {
  seedHex: string;
  message: string;
  outcome: SpinOutcome;
  /** What the spin and its feature pay, in fen: units × the line bet. */
  winFen: bigint;
  trace: FairTrace;
}

export function recomputeSpin(
  sheet: ParSheet,
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  lineBetFen: bigint,
): Recomputed {
  const message = playerMessage(clientSeed, nonce);
  const stream = createStream(hexToBytes(serverSeedHex), message, true);
  const outcome = spinOf(sheet, stream);
  return {
    seedHex: serverSeedHex,
    message,
    outcome,
    winFen: BigInt(outcome.units) * lineBetFen,
    trace: stream.trace!,
  };
}

export interface ScreenCheck {
  label: string;
  stops: number[];
  recorded: number[] | null;
  ok: boolean;
}

export type SpinCheck =
  | { kind: 'sealed'; commitment: string }
  | {
      kind: 'checked';
      re: Recomputed;
      /** SHA256(server seed) equals the commitment shown before the spin. */
      commitmentOk: boolean;
      /** The served par sheet's hash (computed here) equals the one stored on the spin. */
      parSheetOk: boolean;
      screens: ScreenCheck[];
      recordedWinFen: bigint;
      payoutOk: boolean;
      ok: boolean;
    };

const sameStops = (a: readonly number[], b: readonly number[] | null) =>
  b !== null && a.length === b.length && a.every((x, i) => x === b[i]);

/** Checks a recorded spin; `sealed` while its server seed is not revealed yet (rotate first). */
export function checkSpin(spin: SpinResult, sheet: ParSheet, sheetHash: string): SpinCheck {
  const seed = spin.proof.serverSeed?.toLowerCase() ?? null;
  if (seed === null) return { kind: 'sealed', commitment: spin.proof.serverSeedCommitment };
  if (!isHex(seed) || seed.length !== 64 || !checkClientSeed(spin.proof.clientSeed).ok) {
    throw new RangeError('malformed proof');
  }
  const re = recomputeSpin(
    sheet,
    seed,
    spin.proof.clientSeed,
    spin.proof.nonce,
    parseMoney(spin.lineBet),
  );
  const recorded = [spin.base, ...spin.free];
  const mine = [re.outcome.base, ...re.outcome.free];
  const screens: ScreenCheck[] = Array.from(
    { length: Math.max(recorded.length, mine.length) },
    (_, i) => {
      const stops = mine[i]?.stops ?? [];
      const rec = recorded[i]?.stops ?? null;
      return {
        label: i === 0 ? '基础转动' : `免费旋转 ${i}`,
        stops,
        recorded: rec,
        ok: sameStops(stops, rec),
      };
    },
  );
  const commitmentOk = matchesCommitment(hexToBytes(seed), spin.proof.serverSeedCommitment);
  const parSheetOk = sheetHash === spin.proof.parSheetHash;
  const recordedWinFen = parseMoney(spin.totalWin);
  const payoutOk = re.winFen === recordedWinFen;
  const ok = commitmentOk && parSheetOk && payoutOk && screens.every((s) => s.ok);
  return { kind: 'checked', re, commitmentOk, parSheetOk, screens, recordedWinFen, payoutOk, ok };
}
