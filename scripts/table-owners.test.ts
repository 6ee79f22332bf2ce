import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tableOwners, writtenTables } from './table-owners';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const fixtures = (name: string) => dir(`./fixtures/table-owners/${name}`);

describe('one module writes each table', () => {
  it('holds for the platform server', () => {
    const owners = tableOwners(dir('../apps/server/src/modules'));
    // The scan found the repositories: a wrong path must not pass as "no sharing".
    expect(owners.writers.get('members')).toEqual(new Set(['auth']));
    expect(owners.writers.get('member_devices')).toEqual(new Set(['auth']));
    expect(owners.writers.size).toBeGreaterThan(40);
    expect(owners.shared).toEqual([]);
    expect(owners.unnamed).toEqual([]);
  });

  it('fails on a table written from two modules (fixture)', () => {
    const owners = tableOwners(fixtures('two-writers'));
    expect(owners.shared).toEqual(['wallets: bonus, wallet']);
    // Locks, upserts and comments name no written table.
    expect([...owners.writers.keys()].sort()).toEqual(['bonuses', 'wallets']);
  });

  it('passes when the other module only reads (fixture)', () => {
    const owners = tableOwners(fixtures('one-writer'));
    expect(owners.shared).toEqual([]);
    expect([...owners.writers.keys()].sort()).toEqual(['bonuses', 'wallet_holds', 'wallets']);
  });

  it('reports a write whose table is not spelled out (fixture)', () => {
    expect(tableOwners(fixtures('unnamed')).unnamed).toEqual(['bonus/bonus.repository.ts']);
  });

  it('reads every form of write', () => {
    const src = [
      `q.query('INSERT INTO a (x) VALUES (1)')`,
      `q.query("delete from b where x = 1")`,
      'q.query(`TRUNCATE TABLE c`)',
      'q.query(`WITH y AS (SELECT 1) UPDATE ONLY public."d" SET x = ${v}`)',
      `q.query('MERGE INTO e USING f ON true')`,
      `q.query('SELECT 1 FROM g FOR UPDATE SKIP LOCKED')`,
    ].join('\n');
    expect([...writtenTables(src)].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
