import type { Db } from '@nebula/db';
import type { LedgerService } from '../../apps/server/src/ledger/ledger.service';

/**
 * The naive daily rebate (bench:rebate's peer): one loop over every (member, family) with
 * turnover that day, each its own transaction — lock the member, skip a reference already
 * paid, read that family's turnover of the day and the member's rate, post the rebate through
 * the same ledger (house bonuses → member main). It keeps no cap, grant or turnover bucket, so
 * it does less work per payment than ours. Answers the postings written.
 */
export async function naiveRebate(
  db: Db,
  ledger: LedgerService,
  m: { first: number; last: number },
  day: string,
  [from, to]: [number, number],
): Promise<number> {
  const pairs = await db.query<{ member_id: number; family: string }>(
    `SELECT DISTINCT member_id, family FROM turnover_entries
      WHERE member_id BETWEEN $1 AND $2 AND family IS NOT NULL AND at >= $3 AND at < $4
      ORDER BY member_id, family`,
    [m.first, m.last, new Date(from), new Date(to)],
  );
  let written = 0;
  for (const { member_id: memberId, family } of pairs.rows) {
    written += await db.tx(async (q) => {
      await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
      const reference = `naive-rebate:${memberId}:${day}:${family}`;
      const seen = await q.query('SELECT 1 FROM ledger_transactions WHERE reference = $1', [
        reference,
      ]);
      if (seen.rows.length > 0) return 0;
      const t = await q.query<{ total: string }>(
        `SELECT COALESCE(sum(amount), 0)::text AS total FROM turnover_entries
          WHERE member_id = $1 AND family = $2 AND kind = 'turnover' AND at >= $3 AND at < $4`,
        [memberId, family, new Date(from), new Date(to)],
      );
      const r = await q.query<{ rate_ppm: number }>(
        `SELECT r.rate_ppm FROM members m JOIN rebate_rates r ON r.level = m.vip_level AND r.family = $2
          WHERE m.id = $1`,
        [memberId, family],
      );
      const amount = (BigInt(t.rows[0]!.total) * BigInt(r.rows[0]?.rate_ppm ?? 0)) / 1_000_000n;
      if (amount <= 0n) return 0;
      await ledger.post(q, {
        reference,
        kind: 'bonus',
        memo: `返水 ${day} ${family}`,
        memberId,
        postings: [
          { account: { memberId, kind: 'main' }, amount },
          { account: { house: 'bonuses' }, amount: -amount },
        ],
      });
      return 1;
    });
  }
  return written;
}
