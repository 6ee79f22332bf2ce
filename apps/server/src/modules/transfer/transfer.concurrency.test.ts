import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney, type RecallResult, type WalletBalances } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, idemKey } from '../../test/factories';
import { testDbKind } from '../../test/test-db';
import {
  MERCHANT,
  fundedMember,
  newSecret,
  registerVenue,
  startHouseVenue,
  transfer,
  type HouseVenueProcess,
} from '../../test/venue-harness';

/**
 * Races on PostgreSQL against the real house venue as its own process: 30
 * transfers in and out at once against one main balance never overdraw either side, and a
 * recall racing a transfer settles both; the books reconcile and nothing is left pending.
 */
const onPg = testDbKind() === 'postgres';
let venue: HouseVenueProcess;
let t: TestApp;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  if (!onPg) return;
  const secret = newSecret();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-race-venue-'));
  venue = await startHouseVenue({ secret, dataDir });
  t = await createTestApp({
    seedDemo: false,
    env: { VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}`, LOG_LEVEL: 'error' },
    logStream: { write: (line: string) => void process.stderr.write(line) },
  });
  admin = await adminToken(t);
  await registerVenue(t, admin, {
    code: 'IMTY',
    origin: venue.url.replace('127.0.0.1', 'localhost'),
    apiUrl: venue.url,
    dialect: 'IMTY',
  });
  // The races, not the per-member limit a minute (its own test in transfer.test.ts).
  await t.services.settings.update({ transferOrdersPerMinute: 1000 });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await venue?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPg)('transfers racing', () => {
  it('30 at once in and out against one main balance never overdraw either side', async () => {
    const m = await fundedMember(t, '100', admin);
    // 15 in of 10 and 15 out of 10, all at once: main 100, venue 0 to start.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => transfer(m, 'IMTY', i % 2 ? 'out' : 'in', '10')),
    );
    expect(
      results.filter((r) => r.status_code !== 6000).map((r) => [r.status_code, r.message]),
    ).toEqual([]);
    const statuses = results.map((r) => r.data.status);
    expect(statuses).not.toContain('pending');
    const wallet = await m.client.data<WalletBalances>('walletSync', { token: m.token, body: {} });
    const main = parseMoney(wallet.main);
    const atVenue = parseMoney(wallet.venues.find((v) => v.code === 'IMTY')!.balance);
    expect(main).toBeGreaterThanOrEqual(0n);
    expect(atVenue).toBeGreaterThanOrEqual(0n);
    expect(main + atVenue).toBe(100_00n);
    const ins = results.filter((r, i) => i % 2 === 0 && r.data.status === 'succeeded').length;
    const outs = results.filter((r, i) => i % 2 === 1 && r.data.status === 'succeeded').length;
    expect(atVenue).toBe(BigInt(ins - outs) * 10_00n);
    await t.services.ledger.rollUp();
    expect(
      (await adminCall<{ ok: boolean }>(t, admin, 'GET', '/admin/api/v1/ledger/reconcile')).data.ok,
    ).toBe(true);
  }, 60_000);

  it('a recall racing a transfer in settles both', async () => {
    const m = await fundedMember(t, '100', admin);
    expect((await transfer(m, 'IMTY', 'in', '50')).data.status).toBe('succeeded');
    const [recalled, moved] = await Promise.all([
      m.client.data<RecallResult>('transferRecall', {
        token: m.token,
        headers: { 'x-idempotency-key': idemKey() },
        body: {},
      }),
      transfer(m, 'IMTY', 'in', '30'),
    ]);
    expect(recalled.transfers.every((x) => x.status !== 'pending')).toBe(true);
    expect(moved.data.status).not.toBe('pending');
    const wallet = await m.client.data<WalletBalances>('walletSync', { token: m.token, body: {} });
    expect(parseMoney(wallet.main) + parseMoney(wallet.venues[0]!.balance)).toBe(100_00n);
    expect(wallet.inFlight).toBe('0.00');
  }, 60_000);
});
