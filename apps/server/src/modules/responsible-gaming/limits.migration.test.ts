import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerMember } from '../../test/factories';

/**
 * Migration 0030 (contract §5): deposit limits move to `member_limits` as they stand, and a
 * raise or removal that was waiting to apply by itself becomes a request awaiting the member's
 * confirmation — one whose time has passed included: it loosens nothing. The migration's own
 * SQL runs here on the old table rebuilt with rows of each case.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const HOUR = 3600_000;
const migration = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '../../db/migrations/0030_limit_requests.sql',
);

describe('migration 0030', () => {
  it('keeps the limits and turns pending raises and removals into requests', async () => {
    const [a, b, c] = [await registerMember(t), await registerMember(t), await registerMember(t)];
    const now = Date.now();
    await t.db.exec(`DROP TABLE limit_requests; DROP TABLE member_limits;
      CREATE TABLE deposit_limits (
        member_id INTEGER NOT NULL REFERENCES members (id),
        period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
        amount BIGINT, pending_amount BIGINT, pending_clear BOOLEAN NOT NULL DEFAULT FALSE,
        pending_at TIMESTAMPTZ, PRIMARY KEY (member_id, period));`);
    const insert = (m: number, period: string, amount: number | null, pending: unknown[]) =>
      t.db.query(
        `INSERT INTO deposit_limits (member_id, period, amount, pending_amount, pending_clear, pending_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [m, period, amount, ...pending],
      );
    // a: a plain limit, and a raise due in 10 hours; b: a removal whose 24 h passed yesterday.
    await insert(a.memberId, 'day', 50_000, [null, false, null]);
    await insert(a.memberId, 'week', 100_000, [300_000, false, new Date(now + 10 * HOUR)]);
    await insert(b.memberId, 'month', 20_000, [null, true, new Date(now - 24 * HOUR)]);
    await insert(c.memberId, 'day', null, [null, false, null]);
    await t.db.exec(await readFile(migration, 'utf8'));

    const limits = await t.db.query<{ member_id: number; period: string; amount: bigint }>(
      'SELECT member_id, period, amount FROM member_limits WHERE member_id = ANY($1) ORDER BY member_id, period',
      [[a.memberId, b.memberId, c.memberId]],
    );
    expect(limits.rows).toEqual([
      { member_id: a.memberId, period: 'day', amount: 50_000n },
      { member_id: a.memberId, period: 'week', amount: 100_000n },
      { member_id: b.memberId, period: 'month', amount: 20_000n },
    ]);
    const requests = await t.db.query<{
      member_id: number;
      period: string;
      amount: bigint | null;
      confirmable_at: Date;
      expires_at: Date;
      state: string;
    }>(
      `SELECT member_id, period, amount, confirmable_at, expires_at, state FROM limit_requests
        WHERE member_id = ANY($1) ORDER BY member_id`,
      [[a.memberId, b.memberId, c.memberId]],
    );
    expect(requests.rows.map((r) => [r.member_id, r.period, r.amount, r.state])).toEqual([
      [a.memberId, 'week', 300_000n, 'pending'],
      [b.memberId, 'month', null, 'pending'],
    ]);
    const [raise, removal] = requests.rows;
    expect(raise?.confirmable_at.getTime()).toBe(now + 10 * HOUR);
    expect(raise?.expires_at.getTime()).toBe(
      (raise?.confirmable_at.getTime() ?? 0) + 7 * 24 * HOUR,
    );
    // Past its time: confirmable now, for 7 days from the migration.
    expect(removal?.confirmable_at.getTime()).toBeLessThan(now);
    expect(removal?.expires_at.getTime()).toBeGreaterThanOrEqual(now + 7 * 24 * HOUR - 60_000);
    // The service sees them as the member's waiting requests; nothing loosened.
    const views = await t.services.responsibleGaming.limits.states(t.db, b.memberId, 'deposit');
    expect(views.find((v) => v.period === 'month')).toMatchObject({
      amount: 20_000n,
      request: { amount: null, state: 'pending' },
    });
  });
});
