import { ts, type Queryable } from '@nebula/db';
import type { StepUpClass } from '@nebula/protocol';

/** Records (or renews) a session's step-up for one class. */
export async function upsertStepUp(
  q: Queryable,
  hash: Buffer,
  cls: StepUpClass,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO operator_step_ups (token_hash, class, at) VALUES ($1, $2, $3)
       ON CONFLICT (token_hash, class) DO UPDATE SET at = EXCLUDED.at`,
    [hash, cls, ts(now)],
  );
}

/** When the session last stepped up per class (epoch ms). */
export async function stepUpsOf(q: Queryable, hash: Buffer): Promise<Map<StepUpClass, number>> {
  const r = await q.query<{ class: StepUpClass; at: Date | string }>(
    'SELECT class, at FROM operator_step_ups WHERE token_hash = $1',
    [hash],
  );
  return new Map(r.rows.map((row) => [row.class, new Date(row.at).getTime()]));
}
