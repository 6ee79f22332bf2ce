import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresDb } from './client';
import { testDatabases, type TestDb } from './testing';

const createTestDb = testDatabases(() => Promise.resolve());

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.exec('CREATE TABLE rc (id INT PRIMARY KEY, v BIGINT NOT NULL)');
});
afterAll(() => t.drop());

describe('database adapter (same answers on PGlite and PostgreSQL)', () => {
  it('rowCount: rows returned by SELECT, rows changed by INSERT/UPDATE/DELETE', async () => {
    expect((await t.db.query('INSERT INTO rc VALUES (1, 1), (2, 2), (3, 3)')).rowCount).toBe(3);
    expect((await t.db.query('SELECT * FROM rc WHERE id > 1')).rowCount).toBe(2);
    expect((await t.db.query('SELECT 1 FROM rc WHERE id = 99')).rowCount).toBe(0);
    expect((await t.db.query('UPDATE rc SET v = v + 1 WHERE id < 3')).rowCount).toBe(2);
    expect((await t.db.query('UPDATE rc SET v = v + 1 WHERE id < 3 RETURNING id')).rowCount).toBe(
      2,
    );
    expect(
      (await t.db.query('INSERT INTO rc VALUES (1, 9) ON CONFLICT DO NOTHING RETURNING id'))
        .rowCount,
    ).toBe(0);
    expect((await t.db.query('DELETE FROM rc WHERE id = 3')).rowCount).toBe(1);
  });
  it('BIGINT is a bigint, beyond 2^53 exactly', async () => {
    await t.db.query('INSERT INTO rc VALUES (10, 9007199254740993)');
    const r = await t.db.query<{ v: bigint }>('SELECT v FROM rc WHERE id = 10');
    expect(r.rows[0]?.v).toBe(9007199254740993n);
  });
  it('a transaction rolls back on error and is never interleaved', async () => {
    await expect(
      t.db.tx(async (q) => {
        await q.query('UPDATE rc SET v = 0 WHERE id = 10');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const r = await t.db.query<{ v: bigint }>('SELECT v FROM rc WHERE id = 10');
    expect(r.rows[0]?.v).toBe(9007199254740993n);
  });
});

describe('the unit of work is explicit: a transaction is only what runs on its handle', () => {
  it.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
    'PostgreSQL: a query through the database runs outside the open transaction',
    async () => {
      await t.db.tx(async (q) => {
        await q.query('INSERT INTO rc VALUES (20, 1)');
        // Another connection: the uncommitted row is not visible (no ambient joining).
        expect((await t.db.query('SELECT 1 FROM rc WHERE id = 20')).rowCount).toBe(0);
        expect((await q.query('SELECT 1 FROM rc WHERE id = 20')).rowCount).toBe(1);
      });
      expect((await t.db.query('SELECT 1 FROM rc WHERE id = 20')).rowCount).toBe(1);
    },
  );

  it('PGlite: transactions run one after another, never interleaved', async () => {
    if (t.db.kind !== 'pglite') return;
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = t.db.tx(async (q) => {
      order.push('first:start');
      await held;
      await q.query('INSERT INTO rc VALUES (30, 1)');
      order.push('first:end');
    });
    const second = t.db.tx(async (q) => {
      order.push('second:start');
      await q.query('UPDATE rc SET v = 2 WHERE id = 30');
      order.push('second:end');
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['first:start']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first:start', 'first:end', 'second:start', 'second:end']);
    expect((await t.db.query<{ v: bigint }>('SELECT v FROM rc WHERE id = 30')).rows[0]?.v).toBe(2n);
  });
});

describe('a transaction sends its statements one at a time', () => {
  it.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
    'PostgreSQL: statements sent at once inside a transaction reach the connection in order, one after another',
    async () => {
      // The driver's connection is outside the system: its query method is watched for calls
      // made while an earlier one is still running (pg 8 queues those but deprecates it).
      const pool = (t.db as PostgresDb).pool;
      let running = 0;
      let most = 0;
      const sent: string[] = [];
      const watched = new WeakSet<pg.PoolClient>();
      const watch = (client: pg.PoolClient) => {
        if (watched.has(client)) return;
        watched.add(client);
        const query = client.query.bind(client) as (c: unknown) => Promise<unknown>;
        (client as unknown as { query: (c: unknown) => Promise<unknown> }).query = (c) => {
          running += 1;
          most = Math.max(most, running);
          sent.push(typeof c === 'string' ? c : (c as { text: string }).text);
          return query(c).finally(() => (running -= 1));
        };
      };
      pool.on('acquire', watch);
      const texts = [1, 2, 3, 4, 5].map((n) => `SELECT ${n}::int AS n, pg_sleep(0.01)`);
      const rows = await t.db.tx((q) =>
        Promise.all(texts.map((text) => q.query<{ n: number }>(text))),
      );
      pool.off('acquire', watch);
      expect(rows.map((r) => r.rows[0]?.n)).toEqual([1, 2, 3, 4, 5]);
      expect(sent).toEqual(['BEGIN', ...texts, 'COMMIT']);
      expect(most).toBe(1);
    },
  );
});
