import { describe, expect, it } from 'vitest';
import { fixturesBetween, phaseAt, playMs } from './calendar.service';
import { LEAGUES } from './leagues.model';

const HOUR = 60 * 60 * 1000;
const SPEED = 7; // a football match in about 15 minutes

describe('the catalogue', () => {
  it('holds football, basketball and the three esports titles, with Chinese league names', () => {
    expect(new Set(LEAGUES.map((l) => l.sport))).toEqual(
      new Set(['football', 'basketball', 'esports']),
    );
    expect(new Set(LEAGUES.flatMap((l) => (l.sport === 'esports' ? [l.title] : [])))).toEqual(
      new Set(['cs2', 'lol', 'dota2']),
    );
    for (const l of LEAGUES) {
      expect(l.name).toMatch(/[\u4e00-\u9fff]/);
      expect(new Set(l.teams.map((t) => t.name)).size).toBe(l.teams.length);
    }
  });
});

describe('the rolling calendar', () => {
  // Twenty moments spread over a week and the hours of the day.
  const moments = Array.from({ length: 20 }, (_, i) => Date.UTC(2026, 10, 24) + i * 8.7 * HOUR);

  it.each(moments)('at %i it always holds early, today and live events', (now) => {
    const window = fixturesBetween(now - 6 * HOUR, now + 3 * 24 * HOUR, SPEED);
    const phases = new Set(window.map((fx) => phaseAt(fx, now, SPEED)));
    expect(phases.has('early')).toBe(true);
    expect(phases.has('live')).toBe(true);
    // A rolling fixture starts every few minutes, so today's later ones are always there.
    expect(phases.has('today')).toBe(true);
  });

  it('is the same on every node: a day is generated from its date alone', () => {
    const a = fixturesBetween(Date.UTC(2026, 10, 25), Date.UTC(2026, 10, 26), SPEED);
    const b = fixturesBetween(Date.UTC(2026, 10, 25), Date.UTC(2026, 10, 26), SPEED);
    expect(a).toEqual(b);
    expect(new Set(a.map((fx) => fx.id)).size).toBe(a.length);
  });

  it('no team plays itself, and a league plays each team at most once a day at its slots', () => {
    const day = fixturesBetween(Date.UTC(2026, 10, 25, 16), Date.UTC(2026, 10, 26, 16), SPEED);
    for (const fx of day) expect(fx.home).not.toBe(fx.away);
    const regular = day.filter((fx) => !fx.id.startsWith('r-'));
    for (const league of LEAGUES) {
      const names = regular
        .filter((fx) => fx.leagueId === league.id)
        .flatMap((fx) => [fx.home, fx.away]);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('a match plays for its length at the clock speed', () => {
    expect(playMs('football', 7)).toBe(15 * 60 * 1000);
    expect(playMs('football', 1)).toBe(105 * 60 * 1000);
  });
});
