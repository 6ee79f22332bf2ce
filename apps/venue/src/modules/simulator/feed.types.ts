import type { Fixture } from '../catalogue/calendar.service';

/**
 * What the venue learns about a match (docs/architecture.md, "The house venue"): its status, clock
 * and score over time and its result. The built-in simulator implements it; a real data feed could
 * replace it without the engine noticing.
 */
export type MatchStatus = 'scheduled' | 'live' | 'finished';

export interface MatchState {
  status: MatchStatus;
  /** Match minute (football, basketball scaled to 90), null before kick-off. */
  minute: number | null;
  /** Half-time passed (the 半场 markets settle then). */
  halfTimeScore: { home: number; away: number } | null;
  score: { home: number; away: number };
}

export interface Feed {
  stateAt(fixture: Fixture, now: number): MatchState;
}
