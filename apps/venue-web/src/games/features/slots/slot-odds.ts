import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import { lineWinOf } from '@nebula/protocol/venue/games/slots/slot-engine';

/**
 * The rules page's odds of the biggest awards (docs/contract.md §10.13), exact: the top line pay
 * on one payline of a base spin, by enumeration of the five reels' symbol counts (each stop
 * equally likely, the reels independent), with the engine's own line evaluation; and whether the
 * max-win cap can be reached at all (never, when the calculator's proven bound is below it).
 */
export interface TopLineOdds {
  /** The largest pay of one line, × the line bet. */
  pay: number;
  /** Its probability on one payline of a base spin. */
  perLine: number;
}

export function topLineOdds(p: ParSheet): TopLineOdds {
  const odds = p.reels.base.map((strip) => {
    const m = new Map<string, number>();
    for (const s of strip) m.set(s, (m.get(s) ?? 0) + 1 / strip.length);
    return [...m.entries()];
  });
  const top = Math.max(...Object.values(p.pays).flat());
  let perLine = 0;
  const picked: string[] = [];
  const walk = (r: number, prob: number) => {
    if (r === odds.length) {
      if ((lineWinOf(p, picked)?.pay ?? 0) === top) perLine += prob;
      return;
    }
    for (const [s, q] of odds[r]!) {
      picked[r] = s;
      walk(r + 1, prob * q);
    }
  };
  walk(0, 1);
  return { pay: top, perLine };
}

/** The cap's probability: 0 when the proven bound (× the total bet) is below it, else unknown. */
export const capProbability = (boundMultiple: number, capMultiple: number): 0 | null =>
  boundMultiple < capMultiple ? 0 : null;
