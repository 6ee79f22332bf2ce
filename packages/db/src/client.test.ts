import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('queries through the database while a transaction is open', () => {
  it('join the transaction: they see its writes and do not deadlock', async () => {
    await t.db.tx(async (q) => {
      await q.query('INSERT INTO rc VALUES (20, 1)');
      const seen = await t.db.query('SELECT 1 FROM rc WHERE id = 20');
      expect(seen.rowCount).toBe(1);
      await t.db.tx(async (inner) => {
        await inner.query('UPDATE rc SET v = 2 WHERE id = 20');
      });
    });
    const r = await t.db.query<{ v: bigint }>('SELECT v FROM rc WHERE id = 20');
    expect(r.rows[0]?.v).toBe(2n);
  });
  it('roll back with it', async () => {
    await expect(
      t.db.tx(async () => {
        await t.db.query('INSERT INTO rc VALUES (21, 1)');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await t.db.query('SELECT 1 FROM rc WHERE id = 21')).rowCount).toBe(0);
  });
});

describe('the transaction context is on only while a transaction runs', () => {
  it('a transaction that ends first does not take the context from one still running', async () => {
    let releaseLong!: () => void;
    const longMayFinish = new Promise<void>((r) => (releaseLong = r));
    let longStarted!: () => void;
    const longRunning = new Promise<void>((r) => (longStarted = r));
    // On PGlite the second transaction waits for the first; on PostgreSQL they overlap.
    const long = t.db.tx(async (q) => {
      await q.query('INSERT INTO rc VALUES (30, 1)');
      longStarted();
      await longMayFinish;
      // Still joins its own transaction after another one (below) may have ended.
      expect((await t.db.query('SELECT 1 FROM rc WHERE id = 30')).rowCount).toBe(1);
      await t.db.query('UPDATE rc SET v = 2 WHERE id = 30');
    });
    await longRunning;
    const short =
      t.db.kind === 'postgres'
        ? t.db.tx((q) => q.query('INSERT INTO rc VALUES (31, 1)'))
        : Promise.resolve();
    await short;
    releaseLong();
    await long;
    expect((await t.db.query<{ v: bigint }>('SELECT v FROM rc WHERE id = 30')).rows[0]?.v).toBe(2n);
  });
  it('outside any transaction a query is its own, and a later transaction joins again', async () => {
    await t.db.query('INSERT INTO rc VALUES (32, 1)');
    await expect(
      t.db.tx(async () => {
        await t.db.query('UPDATE rc SET v = 5 WHERE id = 32');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await t.db.query<{ v: bigint }>('SELECT v FROM rc WHERE id = 32')).rows[0]?.v).toBe(1n);
  });
});
