import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-db';

/** Writers racing for the chain's head on PostgreSQL (PGlite's one connection hides races). */
const onPostgres = testDbKind() === 'postgres';

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp({ seedDemo: false });
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

describe.skipIf(!onPostgres)('the audit chain under concurrency (PostgreSQL)', () => {
  it('200 parallel writers, each in its own business transaction, leave an unbroken chain', async () => {
    const before = await t.services.auditVerify.verify();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.db.tx(async (q) => {
          // Business work first; the audit row is written at commit, under the chain's lock.
          await q.query('SELECT pg_sleep(0.001)');
          await t.services.audit.record(q, {
            actor: `writer-${i}`,
            action: 'test.parallel',
            target: `n:${i}`,
            before: null,
            after: { i },
          });
        }),
      ),
    );
    const v = await t.services.auditVerify.verify();
    expect(v.firstBroken).toBeNull();
    expect(v.ok).toBe(true);
    expect(v.rows).toBe(before.rows + 200);
    expect(v.head?.seq).toBe(before.rows + 200);
  });
});
