import type { Queryable } from '@nebula/db';

/**
 * The first numbers of `count` fresh blocks of 1,000 (the sequence steps by 1,000): a value of
 * the sequence is never handed out twice, whichever node or transaction asked, rolled back or not.
 */
export async function takeBlocks(q: Queryable, count: number): Promise<bigint[]> {
  const r = await q.query<{ v: string }>(
    "SELECT nextval('venue_bet_numbers')::text AS v FROM generate_series(1, $1::int)",
    [count],
  );
  return r.rows.map((x) => BigInt(x.v));
}
