import type { Queryable } from '@nebula/db';

export interface StoredOutcome {
  requestHash: string;
  /** 0 while the first attempt is still running (a claim committed before an outside effect). */
  statusCode: number;
  response: { status_code: number; message: string; data: unknown };
  createdAt: number;
}

export async function readOutcome(
  q: Queryable,
  scope: string,
  route: string,
  key: string,
  since: number,
): Promise<StoredOutcome | null> {
  const r = await q.query<{
    request_hash: string;
    status_code: number;
    response: StoredOutcome['response'];
    created_at: Date;
  }>(
    'SELECT request_hash, status_code, response, created_at FROM idempotency_keys WHERE scope = $1 AND route = $2 AND key = $3 AND created_at > $4',
    [scope, route, key, new Date(since)],
  );
  const row = r.rows[0];
  return row
    ? {
        requestHash: row.request_hash,
        statusCode: row.status_code,
        response: row.response,
        createdAt: row.created_at.getTime(),
      }
    : null;
}

/**
 * Claims the key inside the caller's transaction. Under PostgreSQL a concurrent duplicate's
 * insert waits here until the first transaction ends, then finds the key taken.
 */
export async function claimKey(
  q: Queryable,
  k: {
    scope: string;
    route: string;
    key: string;
    requestHash: string;
    now: number;
    staleBefore: number;
    abandonedBefore: number;
  },
): Promise<boolean> {
  // A key older than 24 h is free again, and so is a claim whose outcome never came (a crash
  // during an outside effect): only claims made before such an effect are committed unfinished.
  await q.query(
    'DELETE FROM idempotency_keys WHERE scope = $1 AND route = $2 AND key = $3 AND (created_at <= $4 OR (status_code = 0 AND created_at <= $5))',
    [k.scope, k.route, k.key, new Date(k.staleBefore), new Date(k.abandonedBefore)],
  );
  const r = await q.query(
    `INSERT INTO idempotency_keys (scope, route, key, request_hash, status_code, response, created_at)
     VALUES ($1, $2, $3, $4, 0, 'null'::jsonb, $5) ON CONFLICT DO NOTHING RETURNING 1`,
    [k.scope, k.route, k.key, k.requestHash, new Date(k.now)],
  );
  return r.rowCount === 1;
}

export function saveOutcome(
  q: Queryable,
  scope: string,
  route: string,
  key: string,
  response: StoredOutcome['response'],
): Promise<void> {
  return writeOutcome(q, { scope, route, key }, response, '');
}

/**
 * Stores the outcome of a claim made before an outside effect. Only an unfinished claim is
 * changed: if it was abandoned and another attempt answered meanwhile, that answer stays.
 */
export function finishClaim(
  q: Queryable,
  scope: string,
  route: string,
  key: string,
  response: StoredOutcome['response'],
): Promise<void> {
  return writeOutcome(q, { scope, route, key }, response, ' AND status_code = 0');
}

async function writeOutcome(
  q: Queryable,
  k: { scope: string; route: string; key: string },
  response: StoredOutcome['response'],
  condition: '' | ' AND status_code = 0',
): Promise<void> {
  await q.query(
    `UPDATE idempotency_keys SET status_code = $4, response = $5::jsonb
     WHERE scope = $1 AND route = $2 AND key = $3${condition}`,
    [k.scope, k.route, k.key, response.status_code, JSON.stringify(response)],
  );
}

/** Frees a key whose claim is still unfinished (its outside effect failed unexpectedly). */
export async function releaseClaim(
  q: Queryable,
  scope: string,
  route: string,
  key: string,
): Promise<void> {
  await q.query(
    'DELETE FROM idempotency_keys WHERE scope = $1 AND route = $2 AND key = $3 AND status_code = 0',
    [scope, route, key],
  );
}

export async function purgeOld(q: Queryable, before: number): Promise<void> {
  await q.query(
    'DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE created_at <= $1 LIMIT 500)',
    [new Date(before)],
  );
}
