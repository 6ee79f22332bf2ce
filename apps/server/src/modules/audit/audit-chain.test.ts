import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditVerifyResult } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken } from '../../test/factories';
import { CHECKPOINT_EVERY_MS } from './audit-checkpoint.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const entry = (n: number) => ({
  actor: 'tester',
  action: 'test.write',
  target: `thing:${n}`,
  before: { n, note: '改动前' },
  after: { n: n + 1, list: [1, 'два', null], nested: { b: 1, a: 2 } },
});

/** Changes a row behind the database's back: replica mode fires no trigger (superuser only). */
async function tamper(sql: string, params: unknown[]) {
  await t.db.tx(async (q) => {
    await q.query("SET LOCAL session_replication_role = 'replica'");
    await q.query(sql, params);
  });
}

async function lastSeq(): Promise<number> {
  const r = await t.db.query<{ seq: bigint }>('SELECT max(seq) AS seq FROM audit_log');
  return Number(r.rows[0]?.seq ?? 0);
}

const verify = () => t.services.auditVerify.verify();

describe('the audit chain', () => {
  it('chains every row: seq one after another, each hash over its content and the last hash', async () => {
    for (let i = 0; i < 5; i += 1) await t.services.audit.record(t.db, entry(i));
    const rows = await t.db.query<{ seq: bigint; prev_hash: string; hash: string }>(
      'SELECT seq, prev_hash, hash FROM audit_log ORDER BY seq',
    );
    rows.rows.forEach((r, i) => {
      expect(r.seq).toBe(BigInt(i + 1));
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.prev_hash).toBe(i === 0 ? '0'.repeat(64) : rows.rows[i - 1]!.hash);
    });
    const v = await verify();
    expect(v).toMatchObject({ ok: true, firstBroken: null, rows: rows.rows.length });
    expect(v.head).toEqual({ seq: rows.rows.length, hash: rows.rows.at(-1)!.hash });
  });

  it('a seq or hash the writer supplies is ignored: the trigger chains the row', async () => {
    await t.db.query(
      `INSERT INTO audit_log (actor, action, target, seq, prev_hash, hash)
       VALUES ('x', 'forged', 'y', 999999, 'bad', 'bad')`,
    );
    const seq = await lastSeq();
    expect(seq).toBeLessThan(999999);
    expect((await verify()).ok).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    await expect(t.db.query("UPDATE audit_log SET actor = 'someone'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  it('in a transaction the row is written last, at commit, and not at all on rollback', async () => {
    const before = await lastSeq();
    const seen = await t.db.tx(async (q) => {
      await t.services.audit.record(q, entry(100));
      const r = await q.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM audit_log WHERE seq > $1',
        [before],
      );
      return r.rows[0]!.n;
    });
    expect(seen).toBe(0);
    expect(await lastSeq()).toBe(before + 1);
    await expect(
      t.db.tx(async (q) => {
        await t.services.audit.record(q, entry(101));
        throw new Error('business failed');
      }),
    ).rejects.toThrow('business failed');
    expect(await lastSeq()).toBe(before + 1);
  });

  it('a row changed behind the database makes verify name it', async () => {
    for (let i = 0; i < 3; i += 1) await t.services.audit.record(t.db, entry(200 + i));
    const victim = (await lastSeq()) - 1;
    await tamper(`UPDATE audit_log SET after = '{"n": 1000000}' WHERE seq = $1`, [victim]);
    const v = await verify();
    expect(v.ok).toBe(false);
    expect(v.firstBroken).toEqual({ seq: victim, problem: 'hash' });
    // Put it back as it was for the next tests: the row's hash is what its old content gave.
    await tamper(`UPDATE audit_log SET after = $2::jsonb WHERE seq = $1`, [
      victim,
      JSON.stringify(entry(200 + 1).after),
    ]);
    expect((await verify()).ok).toBe(true);
  });

  it('a rewritten row with its hash recomputed is caught by the checkpoint; a deleted one is a gap', async () => {
    const token = await adminToken(t);
    for (let i = 0; i < 3; i += 1) await t.services.audit.record(t.db, entry(300 + i));
    const cp = await t.services.auditCheckpoints.write();
    expect(cp).not.toBeNull();
    const head = await lastSeq();
    // Rewrite the head row and recompute its hash as a forger with database access would.
    await tamper(
      `UPDATE audit_log SET actor = 'forger',
         hash = audit_row_hash(seq, at, 'forger', action, target, before, after, prev_hash)
       WHERE seq = $1`,
      [cp!.seq],
    );
    const v = await adminCall<AuditVerifyResult>(t, token, 'GET', '/admin/api/v1/audit/verify');
    expect(v.status_code).toBe(6000);
    // The walk alone finds nothing (every hash recomputed); the signed checkpoint disagrees.
    expect(v.data.firstBroken).toEqual({ seq: cp!.seq, problem: 'checkpoint' });
    expect(v.data.checkpoints.at(-1)).toMatchObject({ seq: cp!.seq, ok: false, problem: 'hash' });
    expect(head).toBe(cp!.seq);
    // A row taken out: the walk names the first missing seq.
    await tamper('DELETE FROM audit_log WHERE seq = $1', [3]);
    expect((await verify()).firstBroken).toEqual({ seq: 3, problem: 'gap' });
  });
});

describe('checkpoints', () => {
  it('a checkpoint whose signature is not the key’s fails verify', async () => {
    const t2 = await createTestApp({ seedDemo: false });
    try {
      await t2.services.audit.record(t2.db, entry(1));
      await t2.services.auditCheckpoints.write();
      const file = t2.config.audit.checkpointFile;
      const line = JSON.parse((await readFile(file, 'utf8')).trim()) as {
        seq: number;
        hash: string;
      };
      expect((await t2.services.auditVerify.verify()).ok).toBe(true);
      await writeFile(file, `${JSON.stringify({ ...line, at: 1, sig: 'ab'.repeat(32) })}\n`, {
        flag: 'a',
      });
      const v = await t2.services.auditVerify.verify();
      expect(v.ok).toBe(false);
      expect(v.checkpoints.at(-1)).toMatchObject({ ok: false, problem: 'signature' });
    } finally {
      await t2.close();
    }
  });

  it('the worker writes one each hour, from the lease holder’s tick', async () => {
    const t2 = await createTestApp({ seedDemo: false });
    try {
      await t2.services.audit.record(t2.db, entry(1));
      const count = async () =>
        (await readFile(t2.config.audit.checkpointFile, 'utf8').catch(() => ''))
          .split('\n')
          .filter(Boolean).length;
      expect(await t2.services.venueWorker.tick()).toBe(true);
      expect(await count()).toBe(1);
      await t2.services.venueWorker.tick();
      expect(await count()).toBe(1);
      t2.clock.advance(CHECKPOINT_EVERY_MS);
      await t2.services.venueWorker.tick();
      expect(await count()).toBe(2);
    } finally {
      await t2.services.venueWorker.stop();
      await t2.close();
    }
  });
});
