import {
  fixturesBetween,
  type Fixture,
} from '../../../venue/src/modules/catalogue/calendar.service';

/**
 * The next moment (at least `leadMs` away) when `count` league football matches of the venue's
 * deterministic calendar kick off together — a suite moves the venue's clock to just before it,
 * so it can bet on them pre-match, watch them live and see them settled within minutes.
 */
export function nextKickoff(
  now: number,
  clockSpeed: number,
  count = 3,
  leadMs = 120_000,
): { at: number; fixtures: Fixture[] } {
  const fixtures = fixturesBetween(now + leadMs, now + 48 * 3600_000, clockSpeed).filter(
    (f) => f.sport === 'football' && !f.id.startsWith('r-'),
  );
  const byStart = new Map<number, Fixture[]>();
  for (const f of fixtures) byStart.set(f.startsAt, [...(byStart.get(f.startsAt) ?? []), f]);
  for (const [at, group] of byStart) {
    if (group.length >= count) return { at, fixtures: group.slice(0, count) };
  }
  throw new Error('no kick-off with enough matches in the next two days');
}

/**
 * How far to move the venue's clock so it stands at the next 12:00 in Asia/Shanghai (no daylight
 * saving): its 今日 list then holds the afternoon's and evening's matches whatever the hour the
 * suite runs (at 23:50 it would hold none).
 */
export function middayOffset(now: number): number {
  const day = 86_400_000;
  const local = (now + 8 * 3600_000) % day;
  return (12 * 3600_000 - local + day) % day;
}
