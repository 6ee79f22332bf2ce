import type { Queryable } from '@nebula/db';
import type { Sport } from '@nebula/protocol/venue/markets';
import type { Fixture } from '../catalogue/calendar.service';

export type EventStatus = 'scheduled' | 'live' | 'finished' | 'cancelled';

export interface EventRow extends Fixture {
  status: EventStatus;
  minute: number | null;
  score: { home: number; away: number };
  halfTime: { home: number; away: number } | null;
  suspendedUntil: number | null;
  held: boolean;
  /** Markets an operator suspended: market ids or `{event}:{period}:{kind}` for every line. */
  heldMarkets: string[];
  resultSource: 'feed' | 'operator';
  version: number;
  settledVersion: number | null;
  htSettledVersion: number | null;
}

interface Row {
  id: string;
  league_id: string;
  sport: Sport;
  home: string;
  away: string;
  starts_at: Date;
  status: EventStatus;
  minute: number | null;
  score_home: number;
  score_away: number;
  ht_home: number | null;
  ht_away: number | null;
  suspended_until: Date | null;
  held: boolean;
  held_markets: string[];
  result_source: 'feed' | 'operator';
  version: number;
  settled_version: number | null;
  ht_settled_version: number | null;
}

const COLUMNS = `id, league_id, sport, home, away, starts_at, status, minute, score_home, score_away,
  ht_home, ht_away, suspended_until, held, held_markets, result_source, version, settled_version, ht_settled_version`;

const toEvent = (r: Row): EventRow => ({
  id: r.id,
  leagueId: r.league_id,
  sport: r.sport,
  home: r.home,
  away: r.away,
  startsAt: r.starts_at.getTime(),
  status: r.status,
  minute: r.minute,
  score: { home: r.score_home, away: r.score_away },
  halfTime: r.ht_home === null || r.ht_away === null ? null : { home: r.ht_home, away: r.ht_away },
  suspendedUntil: r.suspended_until?.getTime() ?? null,
  held: r.held,
  heldMarkets: r.held_markets,
  resultSource: r.result_source,
  version: r.version,
  settledVersion: r.settled_version,
  htSettledVersion: r.ht_settled_version,
});

/** Adds the calendar's fixtures the venue does not hold yet (existing rows are untouched). */
export async function insertFixtures(q: Queryable, fixtures: readonly Fixture[]): Promise<number> {
  if (fixtures.length === 0) return 0;
  const r = await q.query(
    `INSERT INTO venue_events (id, league_id, sport, home, away, starts_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
     ON CONFLICT (id) DO NOTHING`,
    [
      fixtures.map((f) => f.id),
      fixtures.map((f) => f.leagueId),
      fixtures.map((f) => f.sport),
      fixtures.map((f) => f.home),
      fixtures.map((f) => f.away),
      fixtures.map((f) => new Date(f.startsAt).toISOString()),
    ],
  );
  return r.rowCount;
}

export async function readEvent(q: Queryable, id: string): Promise<EventRow | null> {
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM venue_events WHERE id = $1`, [id]);
  return r.rows[0] ? toEvent(r.rows[0]) : null;
}

export async function readEvents(q: Queryable, ids: readonly string[]): Promise<EventRow[]> {
  const r = await q.query<Row>(
    `SELECT ${COLUMNS} FROM venue_events WHERE id = ANY($1::text[])`,
    [ids],
    'venue-read-events', // every placement prices from it
  );
  return r.rows.map(toEvent);
}

/** Events starting in [from, to) or live now, in start order. */
export async function listEvents(
  q: Queryable,
  f: { from: number; to: number; statuses: readonly EventStatus[]; sports: readonly Sport[] },
): Promise<EventRow[]> {
  const r = await q.query<Row>(
    `SELECT ${COLUMNS} FROM venue_events
      WHERE starts_at >= $1 AND starts_at < $2 AND status = ANY($3::text[])
        AND sport = ANY($4::text[])
      ORDER BY starts_at, id LIMIT 500`,
    [new Date(f.from), new Date(f.to), f.statuses, f.sports],
  );
  return r.rows.map(toEvent);
}

/** What the feed must look at: started (or due to) and still open, results not taken over. */
export async function eventsInPlay(q: Queryable, now: number): Promise<EventRow[]> {
  const r = await q.query<Row>(
    `SELECT ${COLUMNS} FROM venue_events
      WHERE status IN ('scheduled', 'live') AND starts_at <= $1 AND result_source = 'feed'
      ORDER BY starts_at LIMIT 1000`,
    [new Date(now)],
  );
  return r.rows.map(toEvent);
}

/** Events whose results are in and not yet settled at their current version. */
export async function eventsToSettle(q: Queryable): Promise<EventRow[]> {
  const r = await q.query<Row>(
    `SELECT ${COLUMNS} FROM venue_events
      WHERE (status IN ('finished', 'cancelled') AND settled_version IS DISTINCT FROM version)
         OR (ht_home IS NOT NULL AND ht_settled_version IS DISTINCT FROM version)
      ORDER BY starts_at LIMIT 200`,
  );
  return r.rows.map(toEvent);
}

export interface EventPatch {
  status: EventStatus;
  minute: number | null;
  score: { home: number; away: number };
  halfTime: { home: number; away: number } | null;
  suspendedUntil: number | null;
  resultSource?: 'operator';
}

/**
 * Writes a new state if the row is still at `version` (a concurrent operator correction wins
 * and the feed retries next tick); answers the new version or null.
 */
export async function updateEvent(
  q: Queryable,
  id: string,
  version: number,
  p: EventPatch,
): Promise<number | null> {
  const r = await q.query<{ version: number }>(
    `UPDATE venue_events SET status = $3, minute = $4, score_home = $5, score_away = $6,
        ht_home = $7, ht_away = $8, suspended_until = $9,
        result_source = COALESCE($10, result_source), version = version + 1
      WHERE id = $1 AND version = $2 RETURNING version`,
    [
      id,
      version,
      p.status,
      p.minute,
      p.score.home,
      p.score.away,
      p.halfTime?.home ?? null,
      p.halfTime?.away ?? null,
      p.suspendedUntil === null ? null : new Date(p.suspendedUntil),
      p.resultSource ?? null,
    ],
  );
  return r.rows[0]?.version ?? null;
}

/** An operator's hold on the whole event; answers the new version (null: no such event). */
export async function setHeld(q: Queryable, id: string, held: boolean): Promise<number | null> {
  const r = await q.query<{ version: number }>(
    'UPDATE venue_events SET held = $2, version = version + 1 WHERE id = $1 RETURNING version',
    [id, held],
  );
  return r.rows[0]?.version ?? null;
}

/** Holds or releases one market (or every line of a kind); answers the new version. */
export async function setMarketHeld(
  q: Queryable,
  id: string,
  marketKey: string,
  held: boolean,
): Promise<number | null> {
  const r = await q.query<{ version: number }>(
    `UPDATE venue_events SET version = version + 1,
        held_markets = CASE WHEN $3 THEN array_append(array_remove(held_markets, $2), $2)
                            ELSE array_remove(held_markets, $2) END
      WHERE id = $1 RETURNING version`,
    [id, marketKey, held],
  );
  return r.rows[0]?.version ?? null;
}

export async function markSettled(
  q: Queryable,
  id: string,
  which: 'ft' | '1h',
  version: number,
): Promise<void> {
  await q.query(
    which === 'ft'
      ? 'UPDATE venue_events SET settled_version = $2 WHERE id = $1'
      : 'UPDATE venue_events SET ht_settled_version = $2 WHERE id = $1',
    [id, version],
  );
}

export async function insertScoreChange(
  q: Queryable,
  c: {
    eventId: string;
    version: number;
    status: EventStatus;
    score: string | null;
    clock: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO venue_score_changes (event_id, version, status, score, clock)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [c.eventId, c.version, c.status, c.score, c.clock],
  );
}

/** Counts per family for the summary: live now, and today's not yet finished. */
export async function familyCounts(
  q: Queryable,
  dayStart: number,
  dayEnd: number,
): Promise<{ sport: Sport; live: number; today: number }[]> {
  const r = await q.query<{ sport: Sport; live: number; today: number }>(
    `SELECT sport,
        count(*) FILTER (WHERE status = 'live')::int AS live,
        count(*) FILTER (WHERE status IN ('scheduled', 'live') AND starts_at >= $1 AND starts_at < $2)::int AS today
       FROM venue_events WHERE status IN ('scheduled', 'live') AND starts_at < $2
      GROUP BY sport`,
    [new Date(dayStart), new Date(dayEnd)],
  );
  return r.rows;
}
