import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@nebula/db/testing';
import type { TestDb } from '@nebula/db/testing';
import { migrateVenue } from '../db/migrate';
import { venueTestTemplate } from '../test/venue-test-db';
import { LeaderLease, LeaderLost } from './leader-lease.service';

/**
 * One leader among the venue's nodes (docs/architecture.md, "The house venue"): a lease with an
 * epoch, taken over when it runs out, every leader write fenced by the epoch in its own
 * transaction.
 */
let t: TestDb;
beforeAll(async () => {
  t = await testDatabases(migrateVenue, venueTestTemplate)();
});
afterAll(() => t.drop());

describe('the leader lease', () => {
  it('one node leads; another takes over when the lease runs out; the old one writes nothing', async () => {
    let now = Date.now();
    const clock = () => now;
    const a = new LeaderLease(t.db, 'node-a', clock, 10_000);
    const b = new LeaderLease(t.db, 'node-b', clock, 10_000);
    expect(await a.renew()).toBe(true);
    expect(a.epoch).toBe(1);
    expect(await b.renew()).toBe(false);
    expect(await a.write(() => Promise.resolve('written'))).toBe('written');
    // Node A pauses (GC, a partition) past its lease: B takes over with the next epoch.
    now += 11_000;
    expect(await b.renew()).toBe(true);
    expect(b.epoch).toBe(2);
    let ran = false;
    await expect(
      a.write(() => {
        ran = true;
        return Promise.resolve();
      }),
    ).rejects.toBeInstanceOf(LeaderLost);
    expect(ran).toBe(false);
    expect(a.epoch).toBeNull();
    expect(await a.renew()).toBe(false);
    // B renews in time and keeps its epoch; a clean stop hands over at once.
    now += 5_000;
    expect(await b.renew()).toBe(true);
    expect(b.epoch).toBe(2);
    await b.release();
    expect(await a.renew()).toBe(true);
    expect(a.epoch).toBe(3);
    await expect(b.write(() => Promise.resolve())).rejects.toBeInstanceOf(LeaderLost);
  });
});
