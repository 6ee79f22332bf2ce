import type { Db } from '@nebula/db';
import { matchBook, type PricedMarket } from './match-book.model';
import * as events from '../events/event.service';
import type { BookSettingsService } from './book-settings.service';

export type BookMarket = PricedMarket & { suspended: boolean };

/** Whether an operator's hold covers a market: its own id, or its event, period and kind. */
export const isHeld = (held: readonly string[], marketId: string) =>
  held.some((h) => marketId === h || marketId.startsWith(`${h}:`));

export interface EventBook {
  event: events.EventRow;
  /** Hung markets with their prices; empty once the event is over. */
  markets: BookMarket[];
  /** Betting stops for the moment (a score event, an operator's hold, a late kick-off). */
  suspended: boolean;
  live: boolean;
}

const CACHE_SIZE = 5000;

/**
 * Prices an event from its row: the calendar's fixture and, in play, the score and the minute
 * the leader wrote. Every node computes the same prices from the same row; they are cached per
 * event version (a change of score, minute or hold bumps it).
 */
export class BookService {
  readonly #cache = new Map<string, BookMarket[]>();

  constructor(
    private readonly db: Db,
    private readonly settings: BookSettingsService,
    private readonly now: () => number,
  ) {}

  /** Picks up an operator's new margin (at most a second old) before pricing. */
  async fresh(): Promise<void> {
    await this.settings.fresh();
  }

  async book(eventId: string): Promise<EventBook | null> {
    await this.fresh();
    const ev = await events.readEvent(this.db, eventId);
    return ev ? this.bookOf(ev) : null;
  }

  bookOf(ev: events.EventRow): EventBook {
    const now = this.now();
    const over = ev.status === 'finished' || ev.status === 'cancelled';
    const live = ev.status === 'live';
    const markets = over ? [] : this.#markets(ev);
    const suspended =
      ev.held ||
      (ev.suspendedUntil !== null && ev.suspendedUntil > now) ||
      // Kick-off passed but the feed has not said so yet: no bets at pre-match prices.
      (ev.status === 'scheduled' && now >= ev.startsAt);
    return { event: ev, markets, suspended, live };
  }

  #markets(ev: events.EventRow): BookMarket[] {
    // A hold bumps the version; a new margin reprices everything.
    const key = `${ev.id}:${ev.version}:${this.settings.snapshot.marginBp}`;
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const state = ev.status === 'live' ? { minute: ev.minute ?? 0, score: ev.score } : undefined;
    const markets = matchBook(ev, state, this.settings.margin).map((m) => ({
      ...m,
      suspended: isHeld(ev.heldMarkets, m.marketId),
    }));
    if (this.#cache.size >= CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(key, markets);
    return markets;
  }
}
