import type { EventView } from '@nebula/protocol/venue/h5';
import type { LiveEventFrame, LiveScope, PriceChange } from '@nebula/protocol/venue/live-frames';
import type { EventBook } from '../book/book.service';

/**
 * What the live socket publishes of one event at one version: status, score, clock, whether it
 * is suspended, and the prices of each scope (the list's main lines, the whole book). Built from
 * the same views the page's HTTP calls answer, so a push never shows other lines than a fetch.
 */
export interface LiveState {
  eventId: string;
  version: number;
  suspended: boolean;
  status: EventView['status'];
  score: string | null;
  clock: string | null;
  scopes: Record<LiveScope, { prices: PriceChange[]; suspended: string[] }>;
}

export type ViewOf = (book: EventBook, all: boolean) => EventView;

function scopeOf(view: EventView) {
  const prices: PriceChange[] = [];
  const suspended: string[] = [];
  for (const m of view.markets) {
    // The whole match (a goal, a hold) or this market alone (an operator's hold) is locked:
    // its prices are not on offer.
    const locked = view.suspended || m.suspended;
    if (locked) suspended.push(m.marketId);
    for (const s of m.selections) {
      prices.push({ selectionId: s.selectionId, oddsMilli: locked ? null : s.oddsMilli });
    }
  }
  return { prices, suspended };
}

export function liveStateOf(book: EventBook, viewOf: ViewOf): LiveState {
  const main = viewOf(book, false);
  const full = viewOf(book, true);
  return {
    eventId: main.eventId,
    version: main.version,
    suspended: main.suspended,
    status: main.status,
    score: main.score ? `${main.score.home}-${main.score.away}` : null,
    clock: main.clock,
    scopes: { main: scopeOf(main), full: scopeOf(full) },
  };
}

/** Whether the page holding `held` has exactly what `state` would send. */
export function holds(
  held: { version: number; suspended?: boolean | undefined },
  state: Pick<LiveState, 'version' | 'suspended'>,
): boolean {
  return held.version === state.version && (held.suspended ?? state.suspended) === state.suspended;
}

/**
 * The frame that brings a page from `prev` (what it holds, when the venue knows it) to `next`:
 * only the changed prices while the same selections are hung, else a snapshot that replaces
 * everything (a line moved, a market closed, or the page's state is unknown).
 */
export function frameFor(
  next: LiveState,
  scope: LiveScope,
  prev: LiveState | null,
): LiveEventFrame {
  const now = next.scopes[scope];
  const before = prev?.scopes[scope];
  const sameSet =
    before !== undefined &&
    before.prices.length === now.prices.length &&
    before.prices.every((p, i) => p.selectionId === now.prices[i]!.selectionId);
  const prices = sameSet
    ? now.prices.filter((p, i) => p.oddsMilli !== before.prices[i]!.oddsMilli)
    : now.prices;
  return {
    type: 'event',
    eventId: next.eventId,
    version: next.version,
    status: next.status,
    score: next.score,
    clock: next.clock,
    suspended: now.suspended,
    prices,
    snapshot: !sameSet,
  };
}
