import type { Sport } from '@nebula/protocol/venue/markets';
import { seededRandom } from '../pricing/goal.model';
import { LEAGUES, type League } from './leagues.model';

/**
 * The rolling calendar: every day each league plays its teams in pairs at its usual kick-off
 * times (Asia/Shanghai), and between them a rolling fixture starts every half match-length in
 * a rotating league, so at any moment the venue holds early (later days), today's and live
 * events. Deterministic: a day's fixtures are the same on every node and every start.
 */
export interface Fixture {
  id: string;
  leagueId: string;
  sport: Sport;
  home: string;
  away: string;
  startsAt: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** How long a match takes in real time: its length at the feed's clock speed. */
export function playMs(sport: Sport, clockSpeed: number): number {
  const minutes = { football: 105, basketball: 130, esports: 150 }[sport];
  return Math.ceil((minutes * 60 * 1000) / clockSpeed);
}

/** Midnight in Shanghai of the day holding `ms`, and its `YYYYMMDD`. */
function shanghaiDay(ms: number): { start: number; key: string } {
  const start = Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  const key = new Date(start + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return { start, key };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A league's day: its teams in pairs, spread over its kick-off slots. */
function leagueDay(league: League, day: { start: number; key: string }): Fixture[] {
  const random = seededRandom(seedOf(`${league.id}:${day.key}`));
  const teams = shuffled(
    league.teams.map((t) => t.name),
    random,
  );
  const out: Fixture[] = [];
  for (let i = 0; i + 1 < teams.length; i += 2) {
    const slot = league.slots[(i / 2) % league.slots.length]!;
    out.push({
      id: `${league.id}-${day.key}-${i / 2}`,
      leagueId: league.id,
      sport: league.sport,
      home: teams[i]!,
      away: teams[i + 1]!,
      startsAt: day.start + slot * 60 * 1000,
    });
  }
  return out;
}

/** The rolling fixtures of a day: one every half football match, in rotating leagues. */
function rollingDay(day: { start: number; key: string }, clockSpeed: number): Fixture[] {
  const every = Math.max(5 * 60 * 1000, Math.floor(playMs('football', clockSpeed) / 2));
  const rotation = LEAGUES.filter((l) => l.sport !== 'basketball');
  const out: Fixture[] = [];
  for (let at = day.start, n = 0; at < day.start + DAY_MS; at += every, n += 1) {
    const league = rotation[n % rotation.length]!;
    const random = seededRandom(seedOf(`rolling:${at}`));
    const [home, away] = shuffled(
      league.teams.map((t) => t.name),
      random,
    );
    out.push({
      id: `r-${league.id}-${Math.floor(at / 60000)}`,
      leagueId: league.id,
      sport: league.sport,
      home: home!,
      away: away!,
      startsAt: at,
    });
  }
  return out;
}

/**
 * The test hook's extra match (VENUE_TEST_MATCH_AT, never in production): the first football
 * league's first two teams, kicking off at `at`.
 */
export function testFixture(at: number): Fixture {
  const league = LEAGUES.find((l) => l.sport === 'football')!;
  return {
    id: `t-${at}`,
    leagueId: league.id,
    sport: 'football',
    home: league.teams[0]!.name,
    away: league.teams[1]!.name,
    startsAt: at,
  };
}

/** Every fixture starting in [from, to), in start order. */
export function fixturesBetween(from: number, to: number, clockSpeed: number): Fixture[] {
  const out: Fixture[] = [];
  for (let day = shanghaiDay(from); day.start < to; day = shanghaiDay(day.start + DAY_MS)) {
    for (const league of LEAGUES) out.push(...leagueDay(league, day));
    out.push(...rollingDay(day, clockSpeed));
  }
  return out
    .filter((fx) => fx.startsAt >= from && fx.startsAt < to)
    .sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
}

/** Where a fixture stands at `now` by the calendar alone (the feed refines it with events). */
export function phaseAt(
  fx: Fixture,
  now: number,
  clockSpeed: number,
): 'early' | 'today' | 'live' | 'over' {
  if (now >= fx.startsAt + playMs(fx.sport, clockSpeed)) return 'over';
  if (now >= fx.startsAt) return 'live';
  return shanghaiDay(fx.startsAt).start === shanghaiDay(now).start ? 'today' : 'early';
}
