import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '@nebula/db/testing';
import { migrateVenue } from '../../db/migrate';
import { venueTestTemplate } from '../../test/venue-test-db';
import { BetNumbers, BLOCK, scramble } from './bet-numbers.service';

/**
 * Bet numbers never meet: one sequence, a block per process; two "nodes" (two allocators on one
 * database) and a slip bigger than what is left of a block all get distinct numbers.
 */
let t: TestDb;
beforeAll(async () => {
  t = await testDatabases(migrateVenue, venueTestTemplate)();
});
afterAll(() => t.drop());

describe('bet numbers', () => {
  it('are the Shanghai date and ten digits, distinct across allocators and blocks', async () => {
    const a = new BetNumbers();
    const b = new BetNumbers();
    const now = Date.UTC(2026, 10, 26, 16, 30); // 00:30 on the 27th in Shanghai
    const taken = [
      ...(await a.take(t.db, now, 900)),
      ...(await b.take(t.db, now, 900)),
      ...(await a.take(t.db, now, 250)), // past the end of a's first block
      ...(await Promise.all(Array.from({ length: 50 }, () => b.one(t.db, now)))),
    ];
    expect(taken).toHaveLength(2100);
    expect(new Set(taken).size).toBe(taken.length);
    for (const n of taken) expect(n).toMatch(/^261127\d{10}$/);
  });

  it('scramble is one to one over a window of the sequence', () => {
    const seen = new Set<string>();
    for (let i = 0n; i < BigInt(BLOCK * 20); i++) seen.add(scramble(10_000_000_000n - 7_000n + i));
    expect(seen.size).toBe(BLOCK * 20);
  });
});
