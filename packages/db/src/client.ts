import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Anything SQL can be sent to: the database or an open transaction. */
export interface Queryable {
  /**
   * `name` makes it a prepared statement on PostgreSQL (parsed and planned once per connection):
   * for hot statements only. PGlite ignores it.
   */
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    name?: string,
  ): Promise<QueryResult<T>>;
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The database. The unit of work is explicit: `tx(fn)` gives `fn` the transaction's handle, and
 * only what runs on that handle is in the transaction. A query through the `Db` itself is never
 * part of an open transaction (on PostgreSQL it takes another connection; on PGlite, one
 * connection, it waits until the transaction ends — so calling it from inside `fn` deadlocks).
 * Code that must see a transaction's writes is given its handle.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * BIGINT comes back as bigint on both drivers (money is integer fen, never a float);
 * NUMERIC stays a string; timestamps are Date.
 */
const INT8_OID = 20;

/**
 * PGlite reports affectedRows = 0 for a SELECT; pg's rowCount is the rows returned for a
 * SELECT and the rows changed otherwise. The larger of the two matches pg in every case.
 */
function pgliteRowCount(r: { affectedRows?: number; rows: unknown[] }): number {
  return Math.max(r.affectedRows ?? 0, r.rows.length);
}

/**
 * Work a transaction runs as its last statements, just before COMMIT (in the order given): a
 * write that takes a lock every writer waits for (the audit chain's) holds it only for the commit.
 */
const commitHooks = new WeakMap<Queryable, (() => Promise<void>)[]>();

/**
 * Runs `fn` on `q` just before its transaction commits; false when `q` is no open transaction
 * (the database itself), and the caller runs `fn` on its own.
 */
export function beforeCommit(q: Queryable, fn: () => Promise<void>): boolean {
  const hooks = commitHooks.get(q);
  if (!hooks) return false;
  hooks.push(fn);
  return true;
}

async function withCommitHooks<T>(q: Queryable, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const hooks: (() => Promise<void>)[] = [];
  commitHooks.set(q, hooks);
  try {
    const result = await fn(q);
    // A hook may add another (it runs as well): the list is read until it is empty.
    for (let hook = hooks.shift(); hook; hook = hooks.shift()) await hook();
    return result;
  } finally {
    commitHooks.delete(q);
  }
}

class Mutex {
  #tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/**
 * PGlite is one connection. Every statement and every transaction goes through one mutex so a
 * transaction is never interleaved with other work on the connection.
 */
export class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  readonly #mutex = new Mutex();
  constructor(readonly pglite: PGlite) {}

  static parsers = { [pgliteTypes.INT8]: (v: string) => BigInt(v) };

  static async open(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PgliteDb> {
    const pglite = await PGlite.create({ ...options, parsers: PgliteDb.parsers });
    return new PgliteDb(pglite);
  }

  query<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
    return this.#mutex.run(async () => {
      const r = await this.pglite.query<T>(text, params);
      return { rows: r.rows, rowCount: pgliteRowCount(r) };
    });
  }

  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.#mutex.run(() =>
      this.pglite.transaction(async (t) => {
        const q: Queryable = {
          async query<R>(text: string, params: unknown[] = []) {
            const r = await t.query<R>(text, params);
            return { rows: r.rows, rowCount: pgliteRowCount(r) };
          },
          async exec(sql: string) {
            await t.exec(sql);
          },
        };
        return withCommitHooks(q, fn);
      }),
    );
  }

  exec(sql: string): Promise<void> {
    return this.#mutex.run(async () => {
      await this.pglite.exec(sql);
    });
  }

  async close(): Promise<void> {
    await this.#mutex.run(() => this.pglite.close());
  }
}

/** Per-pool parsers (never the global ones): BIGINT as bigint, the rest as pg's defaults. */
function typeParser(oid: number): (value: string) => unknown {
  if (oid === INT8_OID) return (v: string) => BigInt(v);
  return pg.types.getTypeParser(oid, 'text') as (value: string) => unknown;
}

/**
 * A transaction is one connection, and its statements run one at a time in the order they were
 * sent. Code inside a transaction may send several at once (a `Promise.all` over reads): pg 8
 * queues a query sent while another runs, but deprecates that (gone in pg 9), so the handle
 * queues them itself — each waits for the one before it to settle.
 */
function inOrder(client: pg.PoolClient): (q: string | pg.QueryConfig) => Promise<pg.QueryResult> {
  let last: Promise<unknown> = Promise.resolve();
  return (q) => {
    const sent = last.then(() => client.query(q));
    last = sent.catch(() => undefined);
    return sent;
  };
}

export class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  constructor(readonly pool: pg.Pool) {}

  static open(url: string, max = 10): PostgresDb {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      types: { getTypeParser: typeParser as typeof pg.types.getTypeParser },
    });
    // An idle client's error must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    return new PostgresDb(pool);
  }

  async query<T>(text: string, params: unknown[] = [], name?: string): Promise<QueryResult<T>> {
    const r = await this.pool.query(
      name ? { name, text, values: params } : { text, values: params },
    );
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  }

  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const send = inOrder(client);
    try {
      await send('BEGIN');
      const q: Queryable = {
        async query<R>(text: string, params: unknown[] = [], name?: string) {
          const r = await send(name ? { name, text, values: params } : { text, values: params });
          return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
        },
        async exec(sql: string) {
          await send(sql);
        },
      };
      const result = await withCommitHooks(q, fn);
      await send('COMMIT');
      return result;
    } catch (err) {
      await send('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
