import { expect, it } from 'vitest';
import { lotteryChiSquare } from './lottery-chi-square';

/** 10^5 draws per game from the fixed test chain (10^6: `npm run fair:chi-square`). */
it('the lottery outcomes fit their distributions at 99 %', () => {
  const results = lotteryChiSquare(100_000);
  expect(results.map((r) => [r.name, r.pass])).toEqual(results.map((r) => [r.name, true]));
}, 60_000);
