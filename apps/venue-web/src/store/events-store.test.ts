import type { EventView } from '@nebula/protocol/venue/h5';
import type { LiveEventFrame } from '@nebula/protocol/venue/live-frames';
import { describe, expect, it } from 'vitest';
import { EventsStore, flashOf } from './events-store';

const ID = 'epl-20261125-0';
const sel = (market: string, outcome: string, oddsMilli: number) => ({
  selectionId: `${ID}:${market}:${outcome}`,
  outcome,
  label: outcome,
  oddsMilli,
});

function view(version: number, over = 1900): EventView {
  return {
    eventId: ID,
    sport: 'football',
    leagueId: 'epl',
    league: '英超联赛',
    home: '曼城',
    away: '阿森纳',
    startsAt: 1,
    status: 'scheduled',
    clock: null,
    score: null,
    halfTime: null,
    suspended: false,
    version,
    markets: [
      {
        marketId: `${ID}:ft:ou:250`,
        period: 'ft',
        kind: 'ou',
        line100: 250,
        label: '大小 2.5',
        suspended: false,
        selections: [sel('ft:ou:250', 'over', over), sel('ft:ou:250', 'under', 1950)],
      },
      {
        marketId: `${ID}:ft:1x2`,
        period: 'ft',
        kind: '1x2',
        line100: null,
        label: '独赢',
        suspended: false,
        selections: [
          sel('ft:1x2', 'home', 2100),
          sel('ft:1x2', 'draw', 3300),
          sel('ft:1x2', 'away', 3500),
        ],
      },
    ],
  };
}

const frame = (f: Partial<LiveEventFrame>): LiveEventFrame => ({
  type: 'event',
  eventId: ID,
  version: 2,
  status: 'live',
  score: '0-0',
  clock: "3'",
  suspended: [],
  prices: [],
  snapshot: false,
  ...f,
});

describe('the events store', () => {
  it('rebuilds markets from selection ids, in book order, with Chinese names', () => {
    const store = new EventsStore(() => 1000);
    store.put(view(1), false);
    const ev = store.get(ID)!;
    expect(ev.markets.map((m) => [m.kind, m.label])).toEqual([
      ['ou', '大小'],
      ['1x2', '独赢'],
    ]);
    expect(ev.markets[1]!.selections.map((s) => s.label)).toEqual(['主', '客', '和']);
  });

  it('applies a change frame to the prices it names and marks the move for 2 s', () => {
    let now = 1000;
    const store = new EventsStore(() => now);
    store.put(view(1), false);
    now = 5000;
    store.apply(
      frame({ prices: [{ selectionId: `${ID}:ft:ou:250:over`, oddsMilli: 1850 }] }),
      'main',
    );
    const ev = store.get(ID)!;
    const over = ev.markets[0]!.selections[0]!;
    expect(over).toMatchObject({ oddsMilli: 1850, move: 'down', movedAt: 5000 });
    expect(ev.markets[0]!.selections[1]!).toMatchObject({ oddsMilli: 1950, move: null });
    expect(ev).toMatchObject({
      status: 'live',
      clock: "3'",
      score: { home: 0, away: 0 },
      version: 2,
    });
    expect(flashOf(over, 6999)).toBe('down');
    expect(flashOf(over, 7000)).toBeNull();
  });

  it('locks a market the venue holds alone, and the whole match when every market is', () => {
    const store = new EventsStore();
    const v = view(1);
    v.markets[0]!.suspended = true;
    store.put(v, false);
    const ev = store.get(ID)!;
    expect(ev.markets.map((m) => [m.kind, m.suspended])).toEqual([
      ['ou', true],
      ['1x2', false],
    ]);
    expect(ev.markets[0]!.selections.every((s) => s.oddsMilli === null)).toBe(true);
    expect(ev.suspended).toBe(false);
    store.apply(frame({ suspended: [`${ID}:ft:ou:250`, `${ID}:ft:1x2`] }), 'main');
    expect(store.get(ID)!.suspended).toBe(true);
  });

  it('locks prices while suspended and replaces everything on a snapshot', () => {
    const store = new EventsStore();
    store.put(view(1), false);
    store.apply(
      frame({
        suspended: [`${ID}:ft:ou:250`, `${ID}:ft:1x2`],
        prices: [
          { selectionId: `${ID}:ft:ou:250:over`, oddsMilli: null },
          { selectionId: `${ID}:ft:ou:250:under`, oddsMilli: null },
          { selectionId: `${ID}:ft:1x2:home`, oddsMilli: null },
          { selectionId: `${ID}:ft:1x2:draw`, oddsMilli: null },
          { selectionId: `${ID}:ft:1x2:away`, oddsMilli: null },
        ],
      }),
      'main',
    );
    expect(store.get(ID)!.suspended).toBe(true);
    expect(store.get(ID)!.markets[0]!.selections[0]!.oddsMilli).toBeNull();
    store.apply(
      frame({
        version: 3,
        snapshot: true,
        prices: [
          { selectionId: `${ID}:ft:ou:275:over`, oddsMilli: 1910 },
          { selectionId: `${ID}:ft:ou:275:under`, oddsMilli: 1900 },
        ],
      }),
      'full',
    );
    const ev = store.get(ID)!;
    expect(ev.markets.map((m) => m.marketId)).toEqual([`${ID}:ft:ou:275`]);
    expect(ev).toMatchObject({ suspended: false, full: true, version: 3 });
  });

  it('tells the socket what it holds: nothing of a whole book it only has the main lines of', () => {
    const store = new EventsStore();
    expect(store.held(ID, 'main')).toEqual({ version: 0 });
    store.put(view(4), false);
    expect(store.held(ID, 'main')).toEqual({ version: 4, suspended: false });
    expect(store.held(ID, 'full')).toEqual({ version: 0 });
    store.put(view(4), true);
    expect(store.held(ID, 'full')).toEqual({ version: 4, suspended: false });
  });

  it('never lets an older fetch or a list’s main lines thin a followed whole book', () => {
    const store = new EventsStore();
    store.put(view(5, 1800), true);
    store.put(view(4, 2000), true);
    store.put(view(6, 2000), false);
    expect(store.get(ID)).toMatchObject({ version: 5, full: true });
    expect(store.get(ID)!.markets[0]!.selections[0]!.oddsMilli).toBe(1800);
  });

  it('redraws only the listeners of the event that changed', () => {
    const store = new EventsStore();
    store.put(view(1), false);
    let mine = 0;
    let other = 0;
    store.subscribe(ID, () => (mine += 1));
    store.subscribe('another', () => (other += 1));
    store.apply(frame({}), 'main');
    expect([mine, other]).toEqual([1, 0]);
  });
});
