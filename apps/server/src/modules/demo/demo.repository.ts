import type { Queryable } from '@nebula/db';

export interface DemoSessionRow {
  id: number;
  playerId: string;
  memberId: number | null;
  venueCodes: string[];
  expiresAt: number;
}

const COLUMNS = `id::int AS id, player_id, member_id, venue_codes, expires_at`;
type Raw = {
  id: number;
  player_id: string;
  member_id: number | null;
  venue_codes: string[];
  expires_at: Date;
};
const toRow = (r: Raw): DemoSessionRow => ({
  id: r.id,
  playerId: r.player_id,
  memberId: r.member_id,
  venueCodes: r.venue_codes,
  expiresAt: r.expires_at.getTime(),
});

export async function insertDemoSession(
  q: Queryable,
  s: {
    tokenHash: Buffer;
    playerId: string;
    memberId: number | null;
    now: number;
    expiresAt: number;
  },
): Promise<DemoSessionRow> {
  const r = await q.query<Raw>(
    `INSERT INTO demo_sessions (token_hash, player_id, member_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [s.tokenHash, s.playerId, s.memberId, new Date(s.now), new Date(s.expiresAt)],
  );
  return toRow(r.rows[0]!);
}

/** The session a token names while it lasts (not ended, not expired), else null. */
export async function findLiveDemoSession(
  q: Queryable,
  tokenHash: Buffer,
  now: number,
): Promise<DemoSessionRow | null> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM demo_sessions
      WHERE token_hash = $1 AND ended_at IS NULL AND expires_at > $2`,
    [tokenHash, new Date(now)],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Notes a venue launched in the session (its venue session ends with the demo session). */
export async function noteDemoVenue(q: Queryable, id: number, venueCode: string): Promise<void> {
  await q.query(
    `UPDATE demo_sessions SET venue_codes = array_append(venue_codes, $2::text)
      WHERE id = $1 AND NOT ($2::text = ANY (venue_codes))`,
    [id, venueCode],
  );
}

/** Expired sessions not yet ended, oldest first. */
export async function dueDemoSessions(
  q: Queryable,
  now: number,
  limit: number,
): Promise<DemoSessionRow[]> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM demo_sessions
      WHERE ended_at IS NULL AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [new Date(now), limit],
  );
  return r.rows.map(toRow);
}

export async function endDemoSession(q: Queryable, id: number, now: number): Promise<void> {
  await q.query('UPDATE demo_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [
    id,
    new Date(now),
  ]);
}
