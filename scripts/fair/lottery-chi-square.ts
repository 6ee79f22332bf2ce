import { drawK3, drawPk10, drawSsc } from '../../packages/protocol/src/fair/lottery-outcomes';
import { previousLink } from '../../packages/protocol/src/fair/hash-chain';
import { sha256 } from '../../packages/protocol/src/fair/sha256';
import { utf8Encode } from '../../packages/protocol/src/fair/bytes';

/**
 * Chi-square goodness of fit of the three lottery games' outcomes: 10^6 draws of each
 * game from a fixed test chain must fit their distributions at 99 %, deterministically: one fixed chain, walked
 * from its secret down, each link drawing round k of every game with message `GAME:k` exactly as
 * the venue does (docs/contract.md §10.6–10.7). `npm run fair:chi-square` runs 10^6 draws per
 * game; the tooling test runs 10^5.
 *
 * Each statistic tests a table whose rows are fixed by construction, so its degrees of freedom
 * are rows × (columns − 1): 快3 each die's face (3 × 6 → 15), 快3's sum against the exact
 * three-dice counts (16 cells → 15), PK10 the car at each position (10 × 10 → 90), 时时彩 the
 * digit at each position (5 × 10 → 45).
 */

/** Upper 1 % points of the chi-square distribution (standard tables). */
export const CHI2_99: Record<number, number> = { 15: 30.578, 45: 69.957, 90: 124.116 };

export interface ChiSquare {
  name: string;
  statistic: number;
  df: number;
  critical: number;
  pass: boolean;
}

/** The three-dice sum counts 3…18 out of 216. */
const SUM_COUNTS = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];

function chi2(observed: number[], expected: number[]): number {
  let s = 0;
  for (let i = 0; i < observed.length; i++) s += (observed[i]! - expected[i]!) ** 2 / expected[i]!;
  return s;
}

function result(name: string, statistic: number, df: number): ChiSquare {
  const critical = CHI2_99[df]!;
  return { name, statistic, df, critical, pass: statistic < critical };
}

export function lotteryChiSquare(draws: number): ChiSquare[] {
  const faces = Array.from({ length: 18 }, () => 0);
  const sums = Array.from({ length: 16 }, () => 0);
  const cars = Array.from({ length: 100 }, () => 0);
  const digits = Array.from({ length: 50 }, () => 0);
  let link = sha256(utf8Encode('nebula lottery chi-square test chain'));
  for (let k = draws; k >= 1; k--) {
    const dice = drawK3(link, `JSK3:${k}`).outcome;
    dice.forEach((d, i) => (faces[i * 6 + d - 1]! += 1));
    sums[dice[0]! + dice[1]! + dice[2]! - 3]! += 1;
    drawPk10(link, `JSPK10:${k}`).outcome.forEach((c, pos) => (cars[pos * 10 + c - 1]! += 1));
    drawSsc(link, `JSSSC:${k}`).outcome.forEach((d, pos) => (digits[pos * 10 + d]! += 1));
    link = previousLink(link);
  }
  return [
    result(
      '快3 faces per die',
      chi2(
        faces,
        faces.map(() => draws / 6),
      ),
      15,
    ),
    result(
      '快3 sums',
      chi2(
        sums,
        SUM_COUNTS.map((n) => (draws * n) / 216),
      ),
      15,
    ),
    result(
      'PK10 car per position',
      chi2(
        cars,
        cars.map(() => draws / 10),
      ),
      90,
    ),
    result(
      '时时彩 digit per position',
      chi2(
        digits,
        digits.map(() => draws / 10),
      ),
      45,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const draws = Number(process.argv[2] ?? 1_000_000);
  const started = Date.now();
  const results = lotteryChiSquare(draws);
  for (const r of results) {
    console.log(
      `${r.pass ? 'pass' : 'FAIL'}  ${r.name}: χ² = ${r.statistic.toFixed(2)} (df ${r.df}, 99 % point ${r.critical})`,
    );
  }
  console.log(`${draws} draws per game in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
}
