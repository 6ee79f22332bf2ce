import { describe, expect, it } from 'vitest';
import type { Fixture } from '../catalogue/calendar.service';
import { matrixAt } from '../catalogue/fixture.model';
import { matchBook, type PricedMarket } from './match-book.model';
import { realisedGaps } from '../../test/realised-frequency';

const fx = (leagueId: string, sport: Fixture['sport'], home: string, away: string): Fixture => ({
  id: `t-${leagueId}`,
  leagueId,
  sport,
  home,
  away,
  startsAt: 0,
});
const EPL = fx('epl', 'football', '阿森纳', '切尔西');
const CBA = fx('cba', 'basketball', '辽宁本钢', '广东东阳光');
const LPL = fx('lpl', 'esports', 'BLG', 'JDG');
const MARGIN = 0.05;

const odds = (book: PricedMarket[], id: string): number => {
  for (const m of book) for (const s of m.selections) if (s.selectionId === id) return s.oddsMilli;
  throw new Error(`${id} not offered`);
};
const find = (book: PricedMarket[], period: string, kind: string) =>
  book.filter((m) => m.period === period && m.kind === kind);

describe('a match book', () => {
  it('football hangs 独赢, three 让球 and 大小 lines, 单双 and the 半场 markets', () => {
    const book = matchBook(EPL, undefined, MARGIN);
    expect(find(book, 'ft', '1x2')).toHaveLength(1);
    expect(find(book, 'ft', 'ah')).toHaveLength(3);
    expect(find(book, 'ft', 'ou')).toHaveLength(3);
    expect(find(book, 'ft', 'oe')).toHaveLength(1);
    expect(find(book, '1h', '1x2')).toHaveLength(1);
    expect(book.find((m) => m.kind === 'ah')!.label).toMatch(/^让球 /);
    expect(find(book, '1h', 'ou')[0]!.label).toMatch(/^半场大小 /);
  });

  it("every market's implied probabilities sum to 1 + margin (odds rounded down)", () => {
    for (const f of [EPL, CBA, LPL]) {
      for (const m of matchBook(f, undefined, MARGIN)) {
        const sum = m.selections.reduce((s, x) => s + 1000 / x.oddsMilli, 0);
        expect(sum, m.marketId).toBeGreaterThanOrEqual(1 + MARGIN - 1e-9);
        expect(sum, m.marketId).toBeLessThan(1 + MARGIN + 0.005);
      }
    }
  });

  it('a home goal shortens home and over, lengthens away, and moves the main handicap', () => {
    const before = matchBook(EPL, { minute: 30, score: { home: 0, away: 0 } }, MARGIN);
    const after = matchBook(EPL, { minute: 30, score: { home: 1, away: 0 } }, MARGIN);
    expect(odds(after, 't-epl:ft:1x2:home')).toBeLessThan(odds(before, 't-epl:ft:1x2:home'));
    expect(odds(after, 't-epl:ft:1x2:away')).toBeGreaterThan(odds(before, 't-epl:ft:1x2:away'));
    const mainAh = (b: PricedMarket[]) => find(b, 'ft', 'ah')[1]!.line100!;
    expect(mainAh(after)).toBeLessThan(mainAh(before));
    const line = find(before, 'ft', 'ou')[1]!.line100!;
    const overAfter = find(after, 'ft', 'ou').find((m) => m.line100 === line);
    // The old line is either still hung at a shorter over price or already left behind.
    if (overAfter) {
      expect(overAfter.selections[0]!.oddsMilli).toBeLessThan(
        odds(before, `t-epl:ft:ou:${line}:over`),
      );
    }
  });

  it('time running at 0-0 shortens the draw and the under; the 半场 closes at 45', () => {
    const early = matchBook(EPL, { minute: 10, score: { home: 0, away: 0 } }, MARGIN);
    const late = matchBook(EPL, { minute: 75, score: { home: 0, away: 0 } }, MARGIN);
    expect(odds(late, 't-epl:ft:1x2:draw')).toBeLessThan(odds(early, 't-epl:ft:1x2:draw'));
    const line = find(early, 'ft', 'ou')[0]!.line100!;
    const lateUnder = find(late, 'ft', 'ou').find((m) => m.line100 === line);
    if (lateUnder) {
      expect(lateUnder.selections[1]!.oddsMilli).toBeLessThan(
        odds(early, `t-epl:ft:ou:${line}:under`),
      );
    }
    expect(find(late, '1h', '1x2')).toHaveLength(0);
    expect(matchBook(EPL, { minute: 90, score: { home: 0, away: 0 } }, MARGIN)).toHaveLength(0);
  });

  it('basketball hangs half-point lines; a lead late in the game shortens the leader', () => {
    const book = matchBook(CBA, undefined, MARGIN);
    for (const m of book.filter((x) => x.line100 !== null))
      expect(Math.abs(m.line100!) % 100).toBe(50);
    const lead = matchBook(CBA, { minute: 70, score: { home: 70, away: 78 } }, MARGIN);
    expect(odds(lead, 't-cba:ft:ml:away')).toBeLessThan(odds(book, 't-cba:ft:ml:away'));
    expect(odds(lead, 't-cba:ft:ml:away')).toBeLessThan(1300);
  });

  it('esports re-prices from the maps won and stops once the series is decided', () => {
    const start = matchBook(LPL, undefined, MARGIN);
    expect(start.map((m) => m.kind).sort()).toEqual(['ah', 'ah', 'ml', 'ou']);
    const up = matchBook(LPL, { minute: 30, score: { home: 1, away: 0 } }, MARGIN);
    expect(odds(up, 't-lpl:ft:ml:home')).toBeLessThan(odds(start, 't-lpl:ft:ml:home'));
    // At 1-1 the series goes to three maps: the total is decided and no longer hung.
    const level = matchBook(LPL, { minute: 60, score: { home: 1, away: 1 } }, MARGIN);
    expect(find(level, 'ft', 'ou')).toHaveLength(0);
    expect(matchBook(LPL, { minute: 70, score: { home: 2, away: 0 } }, MARGIN)).toHaveLength(0);
  });

  it('in play, 20,000 matches played from 1-0 at 60′ land within 2 points of every fair price', () => {
    const m = matrixAt(EPL, 'ft', { minute: 60, score: { home: 1, away: 0 } })!;
    for (const { market, gap } of realisedGaps(m, [
      ['1x2', null],
      ['ah', -100],
      ['ah', -125],
      ['ou', 150],
      ['ou', 175],
      ['oe', null],
    ])) {
      expect(gap, market).toBeLessThan(0.02);
    }
  });
});
