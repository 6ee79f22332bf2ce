import { lineWinOf } from './slot-engine';
import { REELS, ROWS, symbolOf, type ParSheet } from './par-sheet';

/**
 * The brute-force check of the calculator (docs/benchmarks.md, slots): every stop combination
 * of a strip set is walked — the product of the strips' lengths — and each screen is paid by
 * the engine's own line rule (`lineWinOf`, tabulated once per five-symbol line) and scatter
 * rule, so the sums are exact integers; the figures are then exact fractions (BigInt). It is a
 * bench, not a test: the demo sheets take minutes (`npm run bench:slots -- --math`); the unit
 * test walks a tiny sheet. Reel 1's stops can be split [from, to) across workers and the tallies
 * added.
 */

export interface ScreenTally {
  /** Stop combinations walked. */
  combos: number;
  /** Σ line pays, in line-bet units (no multiplier). */
  linePay: number;
  /** Σ scatter pays, × the total bet (no multiplier). */
  scatterPay: number;
  /** Screens paying something (a line or scatters). */
  hits: number;
  /** Screens showing 3, 4 and 5 or more scatters. */
  scatterClasses: [number, number, number];
}

export const emptyTally = (): ScreenTally => ({
  combos: 0,
  linePay: 0,
  scatterPay: 0,
  hits: 0,
  scatterClasses: [0, 0, 0],
});

export function addTallies(a: ScreenTally, b: ScreenTally): ScreenTally {
  return {
    combos: a.combos + b.combos,
    linePay: a.linePay + b.linePay,
    scatterPay: a.scatterPay + b.scatterPay,
    hits: a.hits + b.hits,
    scatterClasses: [0, 1, 2].map((i) => a.scatterClasses[i]! + b.scatterClasses[i]!) as [
      number,
      number,
      number,
    ],
  };
}

/** Walks every screen whose reel-1 stop is in [from, to). */
export function tallyScreens(
  p: ParSheet,
  strips: readonly string[][],
  from = 0,
  to = strips[0]!.length,
): ScreenTally {
  const ids = p.symbols.map((s) => s.id);
  const NS = ids.length;
  const index = new Map(ids.map((s, i) => [s, i]));
  const L = p.lines.length;
  // table[i0·NS⁴ + … + i4]: one line's pay for those five symbols, by the engine's rule.
  const table = new Int32Array(NS ** REELS);
  const five: string[] = [];
  for (let x = 0; x < table.length; x++) {
    let y = x;
    for (let r = REELS - 1; r >= 0; r--, y = Math.floor(y / NS)) five[r] = ids[y % NS]!;
    table[x] = lineWinOf(p, five)?.pay ?? 0;
  }
  // fixed4[prefix]: the pay when reel 5 cannot change it (the run ended earlier), else -1.
  const fixed4 = new Int32Array(NS ** 4);
  for (let x = 0; x < fixed4.length; x++) {
    const v = table[x * NS]!;
    let same = true;
    for (let s = 1; s < NS && same; s++) same = table[x * NS + s] === v;
    fixed4[x] = same ? v : -1;
  }
  // at[r][l·len + s]: reel r's symbol on line l at stop s, weighted into the prefix index.
  const at = strips.map((strip, r) => {
    const a = new Int32Array(L * strip.length);
    const weight = r < 4 ? NS ** (3 - r) : 1;
    p.lines.forEach((rows, l) => {
      for (let s = 0; s < strip.length; s++) {
        a[l * strip.length + s] = index.get(strip[(s + rows[r]!) % strip.length]!)! * weight;
      }
    });
    return a;
  });
  const scatter = symbolOf(p, 'scatter');
  const sc = strips.map((strip) =>
    Int32Array.from(strip, (_, s) => {
      let k = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(s + row) % strip.length] === scatter) k++;
      return k;
    }),
  );
  const [n1, n2, n3, n4, n5] = strips.map((s) => s.length) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const [a1, a2, a3] = [new Int32Array(L), new Int32Array(L), new Int32Array(L)];
  const liveBase = new Int32Array(L);
  const liveOff = new Int32Array(L);
  const w5 = at[4]!;
  const t = emptyTally();
  const classes = [0, 0, 0];
  let linePay = 0;
  let scatterPay = 0;
  let hits = 0;
  for (let s1 = from; s1 < to; s1++) {
    for (let l = 0; l < L; l++) a1[l] = at[0]![l * n1 + s1]!;
    for (let s2 = 0; s2 < n2; s2++) {
      for (let l = 0; l < L; l++) a2[l] = a1[l]! + at[1]![l * n2 + s2]!;
      for (let s3 = 0; s3 < n3; s3++) {
        for (let l = 0; l < L; l++) a3[l] = a2[l]! + at[2]![l * n3 + s3]!;
        const k3 = sc[0]![s1]! + sc[1]![s2]! + sc[2]![s3]!;
        for (let s4 = 0; s4 < n4; s4++) {
          const k4 = k3 + sc[3]![s4]!;
          let fixed = 0;
          let live = 0;
          for (let l = 0; l < L; l++) {
            const prefix = a3[l]! + at[3]![l * n4 + s4]!;
            const f = fixed4[prefix]!;
            if (f >= 0) fixed += f;
            else {
              liveBase[live] = prefix * NS;
              liveOff[live++] = l * n5;
            }
          }
          for (let s5 = 0; s5 < n5; s5++) {
            let pay = fixed;
            for (let i = 0; i < live; i++) pay += table[liveBase[i]! + w5[liveOff[i]! + s5]!]!;
            const k = k4 + sc[4]![s5]!;
            linePay += pay;
            if (k >= 3) {
              const c = Math.min(k, 5) - 3;
              classes[c]! += 1;
              scatterPay += p.scatter.pays[c]!;
              hits += 1;
            } else if (pay > 0) hits += 1;
          }
        }
      }
    }
  }
  t.combos = (to - from) * n2 * n3 * n4 * n5;
  t.linePay = linePay;
  t.scatterPay = scatterPay;
  t.hits = hits;
  t.scatterClasses = classes as [number, number, number];
  return t;
}
