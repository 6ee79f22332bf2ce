import { playMs, type Fixture } from '../catalogue/calendar.service';
import { prematchMatrix } from '../catalogue/fixture.model';
import { FIRST_HALF_SHARE, drawScore, seededRandom } from '../pricing/goal.model';
import type { Feed, MatchState } from './feed.types';

/** A match's scoring moments, each at a minute of the 90 and for one side. */
interface Timeline {
  events: { minute: number; side: 'home' | 'away' }[];
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * The built-in feed: each fixture's final score is drawn once from its own pre-match model
 * (seeded by the fixture id, so every node and every restart agrees) and its scores are spread
 * over the 90 minutes; the match plays at the clock speed (a football match in ~15 minutes at
 * 7×). Esports series and basketball use the same clock with their own final scores.
 */
export class SimulatedFeed implements Feed {
  readonly #timelines = new Map<string, Timeline>();

  constructor(private readonly clockSpeed: number) {}

  timeline(fx: Fixture): Timeline {
    let t = this.#timelines.get(fx.id);
    if (t) return t;
    const random = seededRandom(seedOf(fx.id));
    const final = drawScore(prematchMatrix(fx), random);
    // Football scores a little less before the break (the pricing's FIRST_HALF_SHARE), so
    // the 半场 markets' realised frequencies match their prices; other sports are even.
    const firstHalf = fx.sport === 'football' ? FIRST_HALF_SHARE : 0.5;
    const minute = () =>
      random() < firstHalf ? 1 + Math.floor(random() * 45) : 46 + Math.floor(random() * 45);
    const events = [
      ...Array.from({ length: final.home }, () => ({ minute: minute(), side: 'home' as const })),
      ...Array.from({ length: final.away }, () => ({ minute: minute(), side: 'away' as const })),
    ].sort((a, b) => a.minute - b.minute);
    t = { events };
    if (this.#timelines.size > 20_000) this.#timelines.delete(this.#timelines.keys().next().value!);
    this.#timelines.set(fx.id, t);
    return t;
  }

  stateAt(fx: Fixture, now: number): MatchState {
    const length = playMs(fx.sport, this.clockSpeed);
    const { events } = this.timeline(fx);
    const scoreBy = (minute: number) => ({
      home: events.filter((e) => e.side === 'home' && e.minute <= minute).length,
      away: events.filter((e) => e.side === 'away' && e.minute <= minute).length,
    });
    if (now < fx.startsAt) {
      return {
        status: 'scheduled',
        minute: null,
        halfTimeScore: null,
        score: { home: 0, away: 0 },
      };
    }
    if (now >= fx.startsAt + length) {
      return { status: 'finished', minute: 90, halfTimeScore: scoreBy(45), score: scoreBy(90) };
    }
    const minute = Math.min(90, Math.floor(((now - fx.startsAt) / length) * 90));
    return {
      status: 'live',
      minute,
      halfTimeScore: minute >= 45 ? scoreBy(45) : null,
      score: scoreBy(minute),
    };
  }
}
