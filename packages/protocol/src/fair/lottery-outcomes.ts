import { createStream, type FairStream, type FairTrace } from './byte-stream';

/**
 * The lottery games' outcomes from the byte stream (docs/contract.md §10.7). Each takes the
 * round's seed s_i and its message `gameCode:期号`; with `withTrace` the result also carries
 * the blocks, the integers drawn (rejected ones included) and the shuffle's swaps.
 */

export const LOTTERY_GAME_CODES = ['JSK3', 'JSPK10', 'JSSSC'] as const;
export type LotteryGameCode = (typeof LOTTERY_GAME_CODES)[number];

/** An outcome and, when asked for, how it was drawn. */
export interface Drawn<T> {
  outcome: T;
  trace: FairTrace | null;
}

function draw<T>(
  seed: Uint8Array,
  message: string,
  withTrace: boolean,
  run: (s: FairStream) => T,
): Drawn<T> {
  const stream = createStream(seed, message, withTrace);
  const outcome = run(stream);
  return { outcome, trace: stream.trace };
}

/** 快3: three dice, int(6) + 1 three times, in order. */
export function drawK3(seed: Uint8Array, message: string, withTrace = false): Drawn<number[]> {
  return draw(seed, message, withTrace, (s) => [s.int(6) + 1, s.int(6) + 1, s.int(6) + 1]);
}

export const PK10_CARS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** PK10: the cars 1–10 shuffled; element 0 is position 1 (冠军). */
export function drawPk10(seed: Uint8Array, message: string, withTrace = false): Drawn<number[]> {
  return draw(seed, message, withTrace, (s) => s.shuffle(PK10_CARS));
}

/** 时时彩: five digits (万 千 百 十 个), int(10) five times, in order. */
export function drawSsc(seed: Uint8Array, message: string, withTrace = false): Drawn<number[]> {
  return draw(seed, message, withTrace, (s) => [
    s.int(10),
    s.int(10),
    s.int(10),
    s.int(10),
    s.int(10),
  ]);
}

const drawers: Record<LotteryGameCode, typeof drawK3> = {
  JSK3: drawK3,
  JSPK10: drawPk10,
  JSSSC: drawSsc,
};

export function isLotteryGameCode(code: string): code is LotteryGameCode {
  return (LOTTERY_GAME_CODES as readonly string[]).includes(code);
}

/** The outcome of one lottery game's round, by its game code. */
export function drawLottery(
  game: LotteryGameCode,
  seed: Uint8Array,
  message: string,
  withTrace = false,
): Drawn<number[]> {
  return drawers[game](seed, message, withTrace);
}
