import type { Db } from '@nebula/db';
import type { Entry } from '../ledger/ledger.service';

/** Members with minimal rows, for ledger tests: their ids. */
export async function addMembers(db: Db, n: number): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO members (user_name, user_name_lower, password_hash, nickname, avatar, invite_code, registered_at, registered_ip, registered_device, age_confirmed_at)
     SELECT u, u, 'x', 'g', '', 'I' || u, now(), '127.0.0.1', 'test', now()
       FROM (SELECT 'gc' || md5(random()::text) AS u FROM generate_series(1, $1)) g RETURNING id`,
    [n],
  );
  return r.rows.map((x) => x.id);
}

let seq = 0;
export const ref = (tag: string) => `gc:${tag}:${(seq += 1)}:${Date.now()}`;

/** A deposit-like credit from the house, or (amount < 0) a debit of the member to the house. */
export const houseEntry = (memberId: number, amount: bigint, reference = ref('e')): Entry => ({
  reference,
  kind: 'test',
  postings: [
    { account: { house: 'deposits' }, amount: -amount },
    { account: { memberId, kind: 'main' }, amount },
  ],
});
