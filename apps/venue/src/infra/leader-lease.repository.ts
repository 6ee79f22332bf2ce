import type { Queryable } from '@nebula/db';

/** Arbitrary constant: the lock every node takes to decide a takeover (never the migrations'). */
const LEADER_LOCK_ID = 7_001_600_201;

/**
 * Takes or renews the lease. The holder keeps its epoch while it renews in time; anyone takes
 * the lease once it has run out, with the next epoch. Serialised by a transaction-scoped
 * advisory lock so two nodes never both win one takeover. Answers the epoch held, or null.
 */
export async function acquireLease(
  q: Queryable,
  holder: string,
  now: number,
  leaseMs: number,
): Promise<number | null> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [LEADER_LOCK_ID]);
  const r = await q.query<{ epoch: bigint; holder: string; lease_until: Date }>(
    'SELECT epoch, holder, lease_until FROM venue_leader WHERE id = 1',
  );
  const row = r.rows[0];
  const until = new Date(now + leaseMs);
  if (!row) {
    await q.query(
      'INSERT INTO venue_leader (id, epoch, holder, lease_until) VALUES (1, 1, $1, $2)',
      [holder, until],
    );
    return 1;
  }
  if (row.holder === holder && row.lease_until.getTime() > now) {
    await q.query('UPDATE venue_leader SET lease_until = $1 WHERE id = 1', [until]);
    return Number(row.epoch);
  }
  if (row.lease_until.getTime() > now) return null;
  const next = Number(row.epoch) + 1;
  await q.query('UPDATE venue_leader SET epoch = $1, holder = $2, lease_until = $3 WHERE id = 1', [
    next,
    holder,
    until,
  ]);
  return next;
}

/**
 * The fence every leader write runs first, in its own transaction: the epoch must still be
 * the current one. FOR SHARE makes a takeover wait until this write has committed, so no
 * write of an old leader lands after a new one took over.
 */
export async function holdsEpoch(q: Queryable, epoch: number): Promise<boolean> {
  const r = await q.query<{ epoch: bigint }>(
    'SELECT epoch FROM venue_leader WHERE id = 1 FOR SHARE',
  );
  return r.rows[0] !== undefined && Number(r.rows[0].epoch) === epoch;
}

/** A leader stopping cleanly hands over at once instead of after the lease. */
export async function releaseLease(q: Queryable, holder: string, epoch: number): Promise<void> {
  await q.query(
    "UPDATE venue_leader SET lease_until = 'epoch' WHERE id = 1 AND holder = $1 AND epoch = $2",
    [holder, epoch],
  );
}
