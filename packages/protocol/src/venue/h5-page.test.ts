import { describe, expect, it } from 'vitest';
import { H5Meta } from './h5-meta';
import { LIVE_LIMITS, LiveClientFrame, LiveServerFrame, parseLiveScore } from './live-frames';
import { mainLines } from './main-lines';

describe('live frames of the venue page', () => {
  it('open with an auth frame carrying the session token, never an empty one', () => {
    expect(LiveClientFrame.safeParse({ type: 'auth', token: 'abc' }).success).toBe(true);
    expect(LiveClientFrame.safeParse({ type: 'auth', token: '' }).success).toBe(false);
    expect(LiveClientFrame.safeParse({ type: 'auth', token: 'x'.repeat(121) }).success).toBe(false);
  });

  it('subscribe to the main lines unless the whole book is asked for', () => {
    const main = LiveClientFrame.parse({
      type: 'subscribe',
      events: [{ eventId: 'E', version: 1 }],
    });
    expect(main).toMatchObject({ scope: 'main' });
    const full = LiveClientFrame.parse({
      type: 'subscribe',
      scope: 'full',
      events: [{ eventId: 'E', version: 1, suspended: true }],
    });
    expect(full).toMatchObject({ scope: 'full', events: [{ suspended: true }] });
    expect(LiveClientFrame.safeParse({ type: 'subscribe', scope: 'all', events: [] }).success).toBe(
      false,
    );
  });

  it('refuse more events in one frame than a connection may follow', () => {
    const events = Array.from({ length: LIVE_LIMITS.subscriptions + 1 }, (_, i) => ({
      eventId: `E${i}`,
      version: 1,
    }));
    expect(LiveClientFrame.safeParse({ type: 'subscribe', events }).success).toBe(false);
  });

  it('answer ready after a good auth', () => {
    expect(LiveServerFrame.parse({ type: 'ready' })).toEqual({ type: 'ready' });
  });

  it('read scores as the venue writes them', () => {
    expect(parseLiveScore('2-1')).toEqual({ home: 2, away: 1 });
    expect(parseLiveScore(null)).toBeNull();
    expect(parseLiveScore('2:1')).toBeNull();
  });
});

describe('main lines', () => {
  const m = (period: 'ft' | '1h', kind: 'ah' | 'ou' | '1x2' | 'oe', a: number, b: number) => ({
    period,
    kind,
    selections: [{ oddsMilli: a }, { oddsMilli: b }],
  });

  it('pick one market per kind of the period, the most balanced, never 单双', () => {
    const lines = mainLines([
      m('ft', 'ah', 1700, 2200),
      m('ft', 'ah', 1900, 1950),
      m('ft', 'ou', 1800, 2000),
      m('ft', 'oe', 1900, 1900),
      m('1h', 'ah', 1910, 1910),
      m('ft', '1x2', 2100, 3300),
    ]);
    expect(lines.map((l) => [l.kind, l.selections[0]!.oddsMilli])).toEqual([
      ['ah', 1900],
      ['ou', 1800],
      ['1x2', 2100],
    ]);
    expect(mainLines([m('ft', 'ah', 1900, 1950), m('1h', 'ah', 1910, 1910)], '1h')).toHaveLength(1);
  });
});

describe('page meta', () => {
  it('carries the stake limits as money strings and each league with its esports title', () => {
    const meta = H5Meta.parse({
      limits: { minStake: '10.00', maxStake: '50000.00', maxPayout: '500000.00' },
      leagues: [{ leagueId: 'lpl', name: 'LPL', sport: 'esports', title: 'lol' }],
    });
    expect(meta.leagues[0]!.title).toBe('lol');
    expect(
      H5Meta.safeParse({ limits: { minStake: 10, maxStake: '1', maxPayout: '1' }, leagues: [] })
        .success,
    ).toBe(false);
  });
});
