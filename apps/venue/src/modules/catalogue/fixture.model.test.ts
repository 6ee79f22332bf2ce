import { describe, expect, it } from 'vitest';
import { priceMarket } from '../pricing/market-pricing.service';
import { probability } from '../pricing/goal.model';
import { fixturesBetween, type Fixture } from './calendar.service';
import { prematchMatrix } from './fixture.model';

const fx = (leagueId: string, sport: Fixture['sport'], home: string, away: string): Fixture => ({
  id: 'x',
  leagueId,
  sport,
  home,
  away,
  startsAt: 0,
});
const homeWin = (f: Fixture, kind: '1x2' | 'ml') =>
  priceMarket(prematchMatrix(f), kind, null, 0)[0]!.fair;

describe('fixtures priced from ratings', () => {
  it('the stronger side is favoured, more so at home', () => {
    expect(homeWin(fx('epl', 'football', '曼城', '南安普顿'), '1x2')).toBeGreaterThan(0.7);
    expect(homeWin(fx('epl', 'football', '南安普顿', '曼城'), '1x2')).toBeLessThan(0.15);
    expect(homeWin(fx('cba', 'basketball', '辽宁本钢', '青岛国信水产'), 'ml')).toBeGreaterThan(
      0.75,
    );
    expect(homeWin(fx('lck', 'esports', 'Gen.G', 'BRO'), 'ml')).toBeGreaterThan(0.85);
  });

  it('every fixture of a day has a proper score distribution', () => {
    for (const f of fixturesBetween(Date.UTC(2026, 10, 25), Date.UTC(2026, 10, 26), 7)) {
      expect(probability(prematchMatrix(f), () => true)).toBeCloseTo(1, 9);
    }
  });
});
