import { describe, expect, it } from 'vitest';
import type { LegResult, MarketKind, Outcome } from './markets';
import { betReturnFen, legResult } from './settlement';

const r = (kind: MarketKind, outcome: Outcome, line: number | null, home: number, away: number) =>
  legResult(kind, outcome, line, { home, away });

describe('leg results', () => {
  it('1x2, money line (a level score is a push) and odd/even', () => {
    expect(r('1x2', 'draw', null, 1, 1)).toBe('won');
    expect(r('1x2', 'home', null, 1, 1)).toBe('lost');
    expect(r('ml', 'home', null, 2, 2)).toBe('push');
    expect(r('ml', 'away', null, 1, 2)).toBe('won');
    expect(r('oe', 'odd', null, 2, 1)).toBe('won');
    expect(r('oe', 'even', null, 0, 0)).toBe('won');
  });

  it('Asian handicap on half and whole lines', () => {
    expect(r('ah', 'home', -50, 1, 0)).toBe('won');
    expect(r('ah', 'home', -50, 0, 0)).toBe('lost');
    expect(r('ah', 'away', -50, 0, 0)).toBe('won');
    expect(r('ah', 'home', -100, 1, 0)).toBe('push');
    expect(r('ah', 'home', 0, 0, 0)).toBe('push');
  });

  it('quarter lines split the stake over the two neighbouring lines', () => {
    // Home −0.25 = half on 0, half on −0.5.
    expect(r('ah', 'home', -25, 0, 0)).toBe('half_lost');
    expect(r('ah', 'away', -25, 0, 0)).toBe('half_won');
    expect(r('ah', 'home', -25, 1, 0)).toBe('won');
    // Home −0.75 = half on −0.5, half on −1.
    expect(r('ah', 'home', -75, 1, 0)).toBe('half_won');
    expect(r('ah', 'home', -75, 2, 0)).toBe('won');
    // Over 2.25 = half on 2, half on 2.5; over 2.75 = half on 2.5, half on 3.
    expect(r('ou', 'over', 225, 1, 1)).toBe('half_lost');
    expect(r('ou', 'under', 225, 1, 1)).toBe('half_won');
    expect(r('ou', 'over', 275, 2, 1)).toBe('half_won');
    expect(r('ou', 'over', 250, 2, 1)).toBe('won');
  });

  it('the two sides of a line always mirror each other', () => {
    const mirror: Record<LegResult, LegResult> = {
      won: 'lost',
      lost: 'won',
      half_won: 'half_lost',
      half_lost: 'half_won',
      push: 'push',
      void: 'void',
    };
    for (let line = -350; line <= 350; line += 25) {
      for (let home = 0; home <= 6; home += 1) {
        for (let away = 0; away <= 6; away += 1) {
          expect(r('ah', 'away', line, home, away)).toBe(mirror[r('ah', 'home', line, home, away)]);
          if (line >= 0) {
            expect(r('ou', 'under', line, home, away)).toBe(
              mirror[r('ou', 'over', line, home, away)],
            );
          }
        }
      }
    }
  });
});

describe('bet returns', () => {
  it('a single pays stake × odds, rounded down to the fen', () => {
    expect(betReturnFen(10_000n, [{ oddsMilli: 1950, result: 'won' }])).toBe(19_500n);
    expect(betReturnFen(1n, [{ oddsMilli: 1999, result: 'won' }])).toBe(1n);
    expect(betReturnFen(10_000n, [{ oddsMilli: 1950, result: 'lost' }])).toBe(0n);
    expect(betReturnFen(10_000n, [{ oddsMilli: 1950, result: 'push' }])).toBe(10_000n);
    expect(betReturnFen(10_000n, [{ oddsMilli: 1950, result: 'half_won' }])).toBe(14_750n);
    expect(betReturnFen(10_000n, [{ oddsMilli: 1950, result: 'half_lost' }])).toBe(5_000n);
  });

  it('a parlay multiplies its legs: half won (odds + 1) / 2, half lost 0.5, void 1', () => {
    const legs = [
      { oddsMilli: 1950, result: 'won' as const },
      { oddsMilli: 1800, result: 'half_won' as const },
      { oddsMilli: 2100, result: 'void' as const },
    ];
    // 100.00 × 1.95 × 1.4 × 1 = 273.00
    expect(betReturnFen(10_000n, legs)).toBe(27_300n);
    expect(betReturnFen(10_000n, [...legs, { oddsMilli: 1900, result: 'half_lost' }])).toBe(
      13_650n,
    );
    expect(betReturnFen(10_000n, [...legs, { oddsMilli: 1900, result: 'lost' }])).toBe(0n);
  });

  it("open legs count at their odds (the slip's potential return), exact for large stakes", () => {
    const open = Array.from({ length: 10 }, () => ({ oddsMilli: 1999, result: 'open' as const }));
    const expected = (50_000_000n * 1999n ** 10n) / 1000n ** 10n;
    expect(betReturnFen(50_000_000n, open)).toBe(expected);
  });
});
