import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { EventView } from '@nebula/protocol/venue/h5';
import type { LiveEventFrame, LiveScope } from '@nebula/protocol/venue/live-frames';
import {
  marketLabel,
  outcomeLabel,
  parseSelectionId,
  type MarketKind,
  type Outcome,
  type Period,
  type Sport,
} from '@nebula/protocol/venue/markets';

/** A price as the page shows it, with the direction and moment of its last move (the flash). */
export interface SelectionState {
  selectionId: string;
  outcome: Outcome;
  label: string;
  /** Null while the market is suspended. */
  oddsMilli: number | null;
  move: 'up' | 'down' | null;
  movedAt: number;
}

export interface MarketState {
  marketId: string;
  period: Period;
  kind: MarketKind;
  line100: number | null;
  label: string;
  /** Locked: the match is suspended, or an operator holds this market. */
  suspended: boolean;
  selections: SelectionState[];
}

export interface EventState {
  eventId: string;
  sport: Sport;
  leagueId: string;
  league: string;
  home: string;
  away: string;
  startsAt: number;
  status: EventView['status'];
  clock: string | null;
  score: { home: number; away: number } | null;
  halfTime: { home: number; away: number } | null;
  /** Every market locked (a goal, a hold of the match). */
  suspended: boolean;
  version: number;
  /** Whether the markets are the whole book (else the list's main lines). */
  full: boolean;
  markets: MarketState[];
}

const KIND_ORDER: Record<MarketKind, number> = { ah: 0, ou: 1, '1x2': 2, ml: 2, oe: 3 };
const OUTCOME_ORDER: Record<Outcome, number> = {
  home: 0,
  over: 0,
  odd: 0,
  away: 1,
  under: 1,
  even: 1,
  draw: 2,
};

function byBook(a: MarketState, b: MarketState): number {
  return (
    (a.period === b.period ? 0 : a.period === 'ft' ? -1 : 1) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    (a.line100 ?? 0) - (b.line100 ?? 0)
  );
}

/** Markets rebuilt from selection ids and prices: everything a push needs to draw new lines. */
function marketsFrom(
  sport: Sport,
  prices: readonly { selectionId: string; oddsMilli: number | null }[],
  locked: ReadonlySet<string>,
  previous: ReadonlyMap<string, SelectionState>,
  now: number,
): MarketState[] {
  const markets = new Map<string, MarketState>();
  for (const p of prices) {
    const key = parseSelectionId(p.selectionId);
    if (!key) continue;
    const marketId = p.selectionId.slice(0, p.selectionId.lastIndexOf(':'));
    let m = markets.get(marketId);
    if (!m) {
      m = {
        marketId,
        period: key.period,
        kind: key.kind,
        line100: key.line100,
        label: marketLabel(sport, key.period, key.kind),
        suspended: locked.has(marketId),
        selections: [],
      };
      markets.set(marketId, m);
    }
    m.selections.push(selectionWith(previous.get(p.selectionId), p, key.outcome, now));
  }
  const list = [...markets.values()].sort(byBook);
  for (const m of list)
    m.selections.sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome]);
  return list;
}

function selectionWith(
  before: SelectionState | undefined,
  p: { selectionId: string; oddsMilli: number | null },
  outcome: Outcome,
  now: number,
): SelectionState {
  const moved =
    before?.oddsMilli != null && p.oddsMilli !== null && before.oddsMilli !== p.oddsMilli;
  return {
    selectionId: p.selectionId,
    outcome,
    label: outcomeLabel[outcome],
    oddsMilli: p.oddsMilli,
    move: moved ? (p.oddsMilli! > before.oddsMilli! ? 'up' : 'down') : (before?.move ?? null),
    movedAt: moved ? now : (before?.movedAt ?? 0),
  };
}

const FLASH_MS = 2000;

/** The direction a price moved in, while its 2 s flash lasts (green up, red down). */
export function flashOf(sel: SelectionState, now: number = Date.now()): 'up' | 'down' | null {
  return sel.move && now - sel.movedAt < FLASH_MS ? sel.move : null;
}

/**
 * Redraws an event's prices when their flashes end. The flash is a plain class, not a CSS
 * animation: 200 live rows animating their colours would restyle the page on every frame.
 */
export function useFlashExpiry(ev: EventState | undefined): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ev) return;
    const now = Date.now();
    let soonest = Infinity;
    for (const m of ev.markets) {
      for (const s of m.selections) {
        if (s.move && s.movedAt + FLASH_MS > now) soonest = Math.min(soonest, s.movedAt + FLASH_MS);
      }
    }
    if (soonest === Infinity) return;
    const t = setTimeout(() => setTick((n) => n + 1), soonest - now + 16);
    return () => clearTimeout(t);
  }, [ev]);
}

/**
 * A change frame on the same lines: only the markets it touches are new objects (the rest keep
 * their identity), nothing is re-parsed — a page following 200 live matches allocates little.
 */
function changedMarkets(
  markets: readonly MarketState[],
  prices: readonly { selectionId: string; oddsMilli: number | null }[],
  locked: ReadonlySet<string>,
  now: number,
): MarketState[] {
  const changed = new Map(prices.map((p) => [p.selectionId, p.oddsMilli]));
  return markets.map((m) => {
    const suspended = locked.has(m.marketId);
    if (suspended === m.suspended && !m.selections.some((x) => changed.has(x.selectionId))) {
      return m;
    }
    return {
      ...m,
      suspended,
      selections: m.selections.map((x) =>
        changed.has(x.selectionId)
          ? selectionWith(
              x,
              { selectionId: x.selectionId, oddsMilli: changed.get(x.selectionId)! },
              x.outcome,
              now,
            )
          : x,
      ),
    };
  });
}

const selectionsOf = (ev: EventState | undefined) =>
  new Map(ev?.markets.flatMap((m) => m.selections.map((s) => [s.selectionId, s] as const)) ?? []);

/**
 * Every event the page knows, from fetches and from live pushes, with a listener set per event
 * so a price change redraws one row, not the list (200 live matches updating every
 * second without long tasks).
 */
export class EventsStore {
  readonly #events = new Map<string, EventState>();
  readonly #listeners = new Map<string, Set<() => void>>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  get(id: string): EventState | undefined {
    return this.#events.get(id);
  }

  /** What the page holds for the live socket (version 0: send me a snapshot). */
  held(id: string, scope: LiveScope): { version: number; suspended?: boolean } {
    const ev = this.#events.get(id);
    if (!ev || (scope === 'full' && !ev.full)) return { version: 0 };
    return { version: ev.version, suspended: ev.suspended };
  }

  /** A fetched event (list: main lines; detail: the whole book). An older version never wins. */
  put(view: EventView, full: boolean): void {
    const before = this.#events.get(view.eventId);
    if (before && before.version > view.version) return;
    // A followed whole book is kept current by the socket; a list's main lines never thin it.
    if (before?.full && !full) return;
    const locked = new Set(
      view.markets.filter((m) => view.suspended || m.suspended).map((m) => m.marketId),
    );
    const prices = view.markets.flatMap((m) =>
      m.selections.map((s) => ({
        selectionId: s.selectionId,
        oddsMilli: locked.has(m.marketId) ? null : s.oddsMilli,
      })),
    );
    this.#set({
      eventId: view.eventId,
      sport: view.sport,
      leagueId: view.leagueId,
      league: view.league,
      home: view.home,
      away: view.away,
      startsAt: view.startsAt,
      status: view.status,
      clock: view.clock,
      score: view.score,
      halfTime: view.halfTime,
      suspended: view.suspended,
      version: view.version,
      full,
      markets: marketsFrom(view.sport, prices, locked, selectionsOf(before), this.now()),
    });
  }

  /** A live push: a snapshot replaces the prices, a change frame updates the ones it names. */
  apply(frame: LiveEventFrame, scope: LiveScope): void {
    const before = this.#events.get(frame.eventId);
    if (!before) return;
    const locked = new Set(frame.suspended);
    const markets = frame.snapshot
      ? marketsFrom(before.sport, frame.prices, locked, selectionsOf(before), this.now())
      : changedMarkets(before.markets, frame.prices, locked, this.now());
    const score = /^(\d+)-(\d+)$/.exec(frame.score ?? '');
    this.#set({
      ...before,
      status: frame.status,
      clock: frame.clock,
      score:
        score && (before.score?.home !== Number(score[1]) || before.score.away !== Number(score[2]))
          ? { home: Number(score[1]), away: Number(score[2]) }
          : before.score,
      suspended: markets.length > 0 && markets.every((m) => m.suspended),
      version: frame.version,
      full: frame.snapshot ? scope === 'full' : before.full,
      markets,
    });
  }

  subscribe(id: string, listener: () => void): () => void {
    let set = this.#listeners.get(id);
    if (!set) this.#listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(id);
    };
  }

  #set(ev: EventState): void {
    this.#events.set(ev.eventId, ev);
    for (const l of [...(this.#listeners.get(ev.eventId) ?? [])]) l();
  }
}

export const eventsStore = new EventsStore();

/** One event, redrawn only when it changes. */
export function useEventState(
  id: string,
  store: EventsStore = eventsStore,
): EventState | undefined {
  const subscribe = useCallback((cb: () => void) => store.subscribe(id, cb), [store, id]);
  const get = useCallback(() => store.get(id), [store, id]);
  return useSyncExternalStore(subscribe, get, get);
}
