import type { Db } from '@nebula/db';
import { fixturesBetween, testFixture } from '../catalogue/calendar.service';
import type { Feed, MatchState } from '../simulator/feed.types';
import type { LeaderLease } from '../../infra/leader-lease.service';
import * as events from './event.repository';

const HOUR_MS = 60 * 60 * 1000;
/** How far ahead the calendar is written: 早盘 shows the next days. */
const AHEAD_MS = 3 * 24 * HOUR_MS;

/** The clock a member sees: minute, quarter or map. */
export function clockOf(ev: Pick<events.EventRow, 'sport' | 'minute' | 'score'>): string | null {
  if (ev.minute === null) return null;
  if (ev.sport === 'football') return `${ev.minute}'`;
  if (ev.sport === 'basketball') return `第${Math.min(4, Math.floor(ev.minute / 22.5) + 1)}节`;
  return `第${ev.score.home + ev.score.away + 1}局`;
}

const same = (a: { home: number; away: number } | null, b: { home: number; away: number } | null) =>
  a?.home === b?.home && a?.away === b?.away;

/**
 * The leader's view of the world (docs/architecture.md, "The house venue"): the calendar written
 * into events, and the feed's status, clock and score copied onto them. A score change suspends the
 * match's markets for a moment and is logged for the merchants' score feed; an operator's result
 * stops the feed for that event. Every write is fenced by the leader's epoch.
 */
export class EventSyncService {
  #calendarUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly feed: Feed,
    private readonly opts: { clockSpeed: number; suspendMs: number; testMatchAt?: number | null },
    private readonly now: () => number,
  ) {}

  /** Writes the calendar's fixtures up to three days ahead (hourly, and on start). */
  async syncCalendar(lease: LeaderLease): Promise<number> {
    const now = this.now();
    if (now < this.#calendarUntil - AHEAD_MS + HOUR_MS) return 0;
    const fixtures = fixturesBetween(now - 6 * HOUR_MS, now + AHEAD_MS, this.opts.clockSpeed);
    const at = this.opts.testMatchAt ?? null;
    if (at !== null && at >= now - 6 * HOUR_MS && at < now + AHEAD_MS)
      fixtures.push(testFixture(at));
    const added = await lease.write((q) => events.insertFixtures(q, fixtures));
    this.#calendarUntil = now + AHEAD_MS;
    return added;
  }

  /** Copies the feed onto every started event; answers how many changed. */
  async playFeed(lease: LeaderLease): Promise<number> {
    const now = this.now();
    let changed = 0;
    for (const ev of await events.eventsInPlay(this.db, now)) {
      const state = this.feed.stateAt(ev, now);
      if (!this.#differs(ev, state)) continue;
      const scored = !same(ev.score, state.score);
      const patch: events.EventPatch = {
        status: state.status,
        minute: state.minute,
        score: state.score,
        halfTime: state.halfTimeScore,
        suspendedUntil:
          scored && state.status === 'live' ? now + this.opts.suspendMs : ev.suspendedUntil,
      };
      await lease.write(async (q) => {
        const version = await events.updateEvent(q, ev.id, ev.version, patch);
        if (version === null) return;
        changed += 1;
        if (scored || ev.status !== state.status) {
          await events.insertScoreChange(q, {
            eventId: ev.id,
            version,
            status: state.status,
            score: state.status === 'scheduled' ? null : `${state.score.home}-${state.score.away}`,
            clock: clockOf({ ...ev, minute: state.minute, score: state.score }),
          });
        }
      });
    }
    return changed;
  }

  #differs(ev: events.EventRow, s: MatchState): boolean {
    return (
      ev.status !== s.status ||
      ev.minute !== s.minute ||
      !same(ev.score, s.score) ||
      !same(ev.halfTime, s.halfTimeScore)
    );
  }
}
