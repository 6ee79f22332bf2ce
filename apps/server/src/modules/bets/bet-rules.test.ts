import { describe, expect, it } from 'vitest';
import { betOddsMilli, potentialWinFen } from './bet-rules';

describe('potentialWinFen', () => {
  it('is the return beyond the stake for a priced single and a parlay', () => {
    expect(potentialWinFen(10_000n, [{ oddsMilli: 1950 }])).toBe(9_500n);
    expect(potentialWinFen(1_000n, [{ oddsMilli: 2000 }, { oddsMilli: 1500 }])).toBe(2_000n);
  });

  it('is nothing, never negative, for a losing slot spin priced under 1 (odds = return ÷ stake)', () => {
    expect(betOddsMilli([{ oddsMilli: 0 }])).toBe(0);
    expect(potentialWinFen(500n, [{ oddsMilli: 0 }])).toBe(0n);
    expect(potentialWinFen(500n, [{ oddsMilli: 400 }])).toBe(0n);
    expect(potentialWinFen(500n, [{ oddsMilli: 1000 }])).toBe(0n);
  });
});
