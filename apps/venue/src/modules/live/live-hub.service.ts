import type { Db } from '@nebula/db';
import { LIVE_LIMITS, type LiveHeld, type LiveScope } from '@nebula/protocol/venue/live-frames';
import { familyOfSport } from '@nebula/protocol/venue/markets';
import type { BookService } from '../book/book.service';
import type { VenueFamily } from '../../infra/config';
import * as events from '../events/event.service';
import { frameFor, holds, liveStateOf, type LiveState, type ViewOf } from './live-state.model';

/** What a page holds of one event it follows, and in which scope. */
export interface Held {
  scope: LiveScope;
  version: number;
  suspended: boolean | undefined;
}

/** One page's socket as the hub sees it. */
export interface LiveSubscriber {
  family: VenueFamily;
  held: Map<string, Held>;
  send(frame: string): void;
}

/** One message for the events that changed: `{"type":"batch","events":[…]}`. */
function sendBatch(sub: LiveSubscriber, frames: readonly string[]): void {
  if (frames.length > 0) sub.send(`{"type":"batch","events":[${frames.join(',')}]}`);
}

/**
 * The live hub of one node (docs/architecture.md, "The sportsbook page (H5)"): it follows the
 * events its pages subscribed to by polling their rows — every node serves the socket, and the
 * leader that changes events may be another node, so the database is the only source — and pushes
 * each change once per page: the changed prices when the page holds the previous state, a snapshot
 * otherwise. Frames are serialized once per event, scope and kind, whatever the number of pages.
 */
export class LiveHub {
  /** The last state published per followed event. */
  readonly #published = new Map<string, LiveState>();
  readonly #followers = new Map<string, Set<LiveSubscriber>>();
  readonly #sportOf = new Map<string, events.EventRow['sport']>();
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly book: BookService,
    private readonly viewOf: ViewOf,
    private readonly pollMs: number,
  ) {}

  get followed(): number {
    return this.#followers.size;
  }

  /**
   * Follows `entries` for a page: events of another family or unknown are skipped, a page at
   * its limit is told so. Answers how many were refused for the limit.
   */
  async subscribe(
    sub: LiveSubscriber,
    scope: LiveScope,
    entries: readonly LiveHeld[],
  ): Promise<number> {
    const fresh = entries.filter((e) => !sub.held.has(e.eventId));
    const room = Math.max(0, LIVE_LIMITS.subscriptions - sub.held.size);
    const taken = [...entries.filter((e) => sub.held.has(e.eventId)), ...fresh.slice(0, room)];
    const unknown = taken.filter((e) => !this.#published.has(e.eventId)).map((e) => e.eventId);
    if (unknown.length > 0) {
      for (const row of await events.readEvents(this.db, unknown)) {
        if (familyOfSport(row.sport) !== sub.family) continue;
        this.#published.set(row.id, liveStateOf(this.book.bookOf(row), this.viewOf));
        this.#sportOf.set(row.id, row.sport);
      }
    }
    const catchUp: string[] = [];
    for (const e of taken) {
      const state = this.#published.get(e.eventId);
      const sport = this.#sportOf.get(e.eventId);
      if (!state || !sport || familyOfSport(sport) !== sub.family) continue;
      const held: Held = { scope, version: e.version, suspended: e.suspended };
      sub.held.set(e.eventId, held);
      let set = this.#followers.get(e.eventId);
      if (!set) this.#followers.set(e.eventId, (set = new Set()));
      set.add(sub);
      // Catch-up: whatever the page lacks, as a snapshot (the venue cannot know its prices).
      if (!holds(e, state)) catchUp.push(this.#frame(held, state, null));
    }
    sendBatch(sub, catchUp);
    this.#ensurePolling();
    return fresh.length - Math.min(fresh.length, room);
  }

  unsubscribe(sub: LiveSubscriber, eventIds: readonly string[]): void {
    for (const id of eventIds) {
      sub.held.delete(id);
      const set = this.#followers.get(id);
      if (!set) continue;
      set.delete(sub);
      if (set.size === 0) this.#forget(id);
    }
  }

  /** A page left: nothing of it stays. */
  detach(sub: LiveSubscriber): void {
    this.unsubscribe(sub, [...sub.held.keys()]);
  }

  /** Reads the followed events once and pushes what changed (the timer calls it). */
  async poll(): Promise<void> {
    const ids = [...this.#followers.keys()];
    if (ids.length === 0) return;
    const rows = await events.readEvents(this.db, ids);
    const batches = new Map<LiveSubscriber, string[]>();
    for (const row of rows) {
      const set = this.#followers.get(row.id);
      const before = this.#published.get(row.id);
      if (!set || !before) continue;
      const book = this.book.bookOf(row);
      // Suspensions lapse by time without a new version: compare both (a market's own hold
      // is written with a new version).
      if (row.version === before.version && book.suspended === before.suspended) continue;
      const next = liveStateOf(book, this.viewOf);
      this.#published.set(row.id, next);
      const frames = new Map<string, string>();
      for (const sub of set) {
        const held = sub.held.get(row.id);
        if (!held) continue;
        const frame = this.#frame(held, next, holds(held, before) ? before : null, frames);
        let batch = batches.get(sub);
        if (!batch) batches.set(sub, (batch = []));
        batch.push(frame);
      }
    }
    for (const [sub, batch] of batches) sendBatch(sub, batch);
  }

  stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    return this.#polling ?? Promise.resolve();
  }

  /** The frame bringing a page from what it holds to `next` (serialized once per kind). */
  #frame(
    held: Held,
    next: LiveState,
    prev: LiveState | null,
    frames = new Map<string, string>(),
  ): string {
    const key = `${held.scope}:${prev ? 'diff' : 'snapshot'}`;
    let frame = frames.get(key);
    if (frame === undefined) {
      frame = JSON.stringify(frameFor(next, held.scope, prev));
      frames.set(key, frame);
    }
    held.version = next.version;
    held.suspended = next.suspended;
    return frame;
  }

  #forget(id: string): void {
    this.#followers.delete(id);
    this.#published.delete(id);
    this.#sportOf.delete(id);
    if (this.#followers.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  #ensurePolling(): void {
    if (this.#timer || this.#followers.size === 0) return;
    this.#timer = setInterval(() => {
      // One poll at a time: a slow database skips ticks rather than piling reads up.
      if (this.#polling) return;
      this.#polling = this.poll()
        .catch(() => {})
        .finally(() => {
          this.#polling = null;
        });
    }, this.pollMs);
    this.#timer.unref();
  }
}
