import { describe, expect, it } from 'vitest';
import { fixturesBetween, playMs } from '../catalogue/calendar.service';
import { SimulatedFeed } from './simulated-feed.service';

const SPEED = 7;
const day = fixturesBetween(Date.UTC(2026, 10, 25), Date.UTC(2026, 10, 26), SPEED);

describe('the simulated feed', () => {
  it('plays a match from scheduled through live to finished, the score never going back', () => {
    const feed = new SimulatedFeed(SPEED);
    for (const fx of day.slice(0, 40)) {
      const length = playMs(fx.sport, SPEED);
      expect(feed.stateAt(fx, fx.startsAt - 1).status).toBe('scheduled');
      let last = { home: 0, away: 0 };
      for (let t = fx.startsAt; t < fx.startsAt + length; t += Math.floor(length / 30)) {
        const s = feed.stateAt(fx, t);
        expect(s.status).toBe('live');
        expect(s.score.home).toBeGreaterThanOrEqual(last.home);
        expect(s.score.away).toBeGreaterThanOrEqual(last.away);
        last = s.score;
      }
      const end = feed.stateAt(fx, fx.startsAt + length);
      expect(end.status).toBe('finished');
      expect(end.score.home).toBeGreaterThanOrEqual(end.halfTimeScore!.home);
    }
  });

  it('every node and every restart sees the same match', () => {
    const fx = day[5]!;
    const at = fx.startsAt + playMs(fx.sport, SPEED);
    expect(new SimulatedFeed(SPEED).stateAt(fx, at)).toEqual(
      new SimulatedFeed(SPEED).stateAt(fx, at),
    );
  });

  it('football results look like football: about 2.5 goals a game, home sides win more', () => {
    const feed = new SimulatedFeed(SPEED);
    const football = fixturesBetween(Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 15), SPEED).filter(
      (fx) => fx.sport === 'football',
    );
    const finals = football.map(
      (fx) => feed.stateAt(fx, fx.startsAt + playMs('football', SPEED)).score,
    );
    const goals = finals.reduce((s, f) => s + f.home + f.away, 0) / finals.length;
    expect(goals).toBeGreaterThan(2);
    expect(goals).toBeLessThan(3.2);
    const homeWins = finals.filter((f) => f.home > f.away).length;
    const awayWins = finals.filter((f) => f.home < f.away).length;
    expect(homeWins).toBeGreaterThan(awayWins);
  });
});
