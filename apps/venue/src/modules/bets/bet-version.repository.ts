import type { Queryable } from '@nebula/db';
import type { BetVersion } from '@nebula/protocol/venue/merchant';

/** Arbitrary constant: the lock that orders stamping (never another of the venue's locks). */
const STAMP_LOCK_ID = 7_001_600_202;

export interface VersionDraft {
  merchant: string;
  venueCode: string;
  body: BetVersion;
}

/** Records versions of bets in the writing transaction, unstamped. */
export async function insertVersions(
  q: Queryable,
  versions: readonly VersionDraft[],
): Promise<void> {
  if (versions.length === 0) return;
  await q.query(
    `INSERT INTO venue_bet_versions (bet_id, version, merchant, venue_code, body)
     SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::jsonb[])`,
    [
      versions.map((v) => v.body.betId),
      versions.map((v) => v.body.version),
      versions.map((v) => v.merchant),
      versions.map((v) => v.venueCode),
      versions.map((v) => JSON.stringify(v.body)),
    ],
  );
}

/**
 * Numbers the committed, unstamped rows of a change table under the stamping lock, drawn in
 * (key, version) order so one bet's (or event's) versions arrive in order. Only committed rows
 * are visible here, so a writer that commits late is numbered later.
 */
async function stamp(
  q: Queryable,
  table: 'venue_bet_versions' | 'venue_score_changes',
  key: 'bet_id' | 'event_id',
): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [STAMP_LOCK_ID]);
  await q.query(
    `UPDATE ${table} t SET seq = s.n
       FROM (SELECT ${key}, version, nextval('venue_change_seq') AS n
               FROM (SELECT ${key}, version FROM ${table} WHERE seq IS NULL
                      ORDER BY ${key}, version LIMIT 20000) x) s
      WHERE t.${key} = s.${key} AND t.version = s.version`,
  );
}

/**
 * Stamps every committed, unstamped version with the next numbers, then reads one merchant's
 * venue past the cursor. Stamping is serialised by a lock and only sees committed rows, so a
 * writer that commits late is stamped later, after the cursor a reader already holds: each
 * (bet, version) is delivered once, none is skipped.
 */
export async function readVersionsAfter(
  q: Queryable,
  f: { merchant: string; venueCode: string; after: bigint; limit: number },
): Promise<{ seq: bigint; body: BetVersion }[]> {
  await stamp(q, 'venue_bet_versions', 'bet_id');
  const r = await q.query<{ seq: bigint; body: BetVersion | string }>(
    `SELECT seq, body FROM venue_bet_versions
      WHERE merchant = $1 AND venue_code = $2 AND seq > $3 ORDER BY seq LIMIT $4`,
    [f.merchant, f.venueCode, f.after, f.limit],
  );
  return r.rows.map((row) => ({
    seq: row.seq,
    body: typeof row.body === 'string' ? (JSON.parse(row.body) as BetVersion) : row.body,
  }));
}

/** The same for score changes (all merchants see all events). */
export async function readScoreChangesAfter(
  q: Queryable,
  after: bigint,
  limit: number,
): Promise<
  {
    seq: bigint;
    event_id: string;
    version: number;
    status: string;
    score: string | null;
    clock: string | null;
  }[]
> {
  await stamp(q, 'venue_score_changes', 'event_id');
  const r = await q.query<{
    seq: bigint;
    event_id: string;
    version: number;
    status: string;
    score: string | null;
    clock: string | null;
  }>(
    `SELECT seq, event_id, version, status, score, clock FROM venue_score_changes
      WHERE seq > $1 ORDER BY seq LIMIT $2`,
    [after, limit],
  );
  return r.rows;
}
