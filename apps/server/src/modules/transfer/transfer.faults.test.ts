import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode, parseMoney, type TransferResult, type WalletBalances } from '@nebula/protocol';
import { PostgresDb } from '@nebula/db';
import { createTestDb, testDbKind, type TestDb } from '../../test/test-db';
import { testSecrets } from '../../test/test-app';
import { MERCHANT, freePort, newSecret } from '../../test/venue-harness';
import {
  httpClient,
  operatorCall,
  startFakeVenueProcess,
  startPlatform,
  type Proc,
} from '../../test/processes';

/**
 * Faults with every part a process of its own, on PostgreSQL: the platform
 * killed right after the in-flight commit and right after the venue's answer, the venue killed
 * after applying and before answering, the venue unreachable — after restarts every transfer is
 * applied or reversed exactly once, and each member's main + transit + venue is what they had.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

const secrets = testSecrets();
const venueSecret = newSecret();
const ADMIN = { userName: 'faultadmin', password: 'fault-admin-pass-1' };

describe.skipIf(testDbKind() !== 'postgres')('transfers through crashes and outages', () => {
  it('every transfer applies or reverses once; nothing is lost or invented', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'nebula-faults-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const pg: TestDb = await createTestDb();
    await pg.db.close();
    cleanups.push(() => pg.drop());

    const venuePort = String(await freePort());
    const venueEnv = (crash?: string) => ({
      FAKE_VENUE_MERCHANT: MERCHANT,
      FAKE_VENUE_SECRET: venueSecret,
      FAKE_VENUE_CODES: 'FAULTY',
      FAKE_VENUE_STATE: path.join(dir, 'venue-state.jsonl'),
      FAKE_VENUE_PORT: venuePort,
      ...(crash ? { FAKE_VENUE_CRASH_AT: crash } : {}),
    });
    let venue: Proc = await startFakeVenueProcess(venueEnv());
    cleanups.push(() => venue.stop());

    const platformEnv = (crash?: string) => ({
      ...secrets,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dir,
      DATABASE_URL: pg.url!,
      REDIS_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      REGISTER_CAPTCHA: 'off',
      RATE_LIMIT_MAX: '1000000',
      ADMIN_USER: ADMIN.userName,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'off',
      VENUE_MERCHANT_SECRETS: `${MERCHANT}=${venueSecret}`,
      VENUE_TIMEOUT_MS: '3000',
      TEST_CRASH_AT: crash ?? '',
    });
    let platform: Proc = await startPlatform(platformEnv('transfer.inflight'));
    cleanups.push(() => platform.stop());
    const url = () => platform.url;
    const operator = async () => {
      const r = await operatorCall<{ token: string }>(
        url(),
        '',
        'POST',
        '/admin/api/v1/login',
        ADMIN,
      );
      return r.data.token;
    };
    let op = await operator();
    expect(
      (
        await operatorCall(url(), op, 'POST', '/admin/api/v1/venues', {
          code: 'FAULTY',
          family: 'TY',
          name: '故障测试场馆',
          logo: '/static/venues/imty.svg',
          dialect: 'FBTY',
          origin: venue.url,
          apiUrl: venue.url,
          merchantCode: MERCHANT,
        })
      ).status_code,
    ).toBe(ErrorCode.Success);

    /** A member with 100 in main. */
    const member = async () => {
      const call = httpClient(url, secrets.SIGN_KEY);
      const userName = `f${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      const reg = await call<{ token: string }>('POST', '/site/api/v1/user/register', {
        userName,
        password: 'Fault-Test-Pass-1',
        ageConfirmed: true,
      });
      expect(reg.status_code).toBe(ErrorCode.Success);
      const token = reg.data.token;
      const members = await operatorCall<{ list: { memberId: number }[] }>(
        url(),
        op,
        'GET',
        `/admin/api/v1/members?q=${userName}`,
      );
      const id = members.data.list[0]!.memberId;
      const funded = await operatorCall(
        url(),
        op,
        'POST',
        `/admin/api/v1/members/${id}/adjust`,
        { asset: 'CNY', direction: 'credit', amount: '100', reason: '测试' },
        { 'x-idempotency-key': randomUUID() },
      );
      expect(funded.status_code).toBe(ErrorCode.Success);
      const as = (extra: Record<string, string> = {}) => ({ 'x-api-token': token, ...extra });
      return {
        id,
        playerId: `n${id}`,
        transferIn: (amount: string) =>
          call<TransferResult>(
            'POST',
            '/fd/api/v1/transfer/order',
            { venueCode: 'FAULTY', direction: 'in', amount },
            as({ 'x-idempotency-key': randomUUID() }),
          ).catch(() => null),
        balances: () => call<WalletBalances>('GET', '/fd/api/v1/wallet/balances', undefined, as()),
      };
    };

    // 1. The platform dies right after committing the in-flight transfer (main → transit).
    const m1 = await member();
    expect(await m1.transferIn('40')).toBeNull();
    await platform.exited;

    // 2. The platform dies right after the venue applied, before completing.
    platform = await startPlatform(platformEnv('transfer.answered'));
    op = await operator();
    const m2 = await member();
    expect(await m2.transferIn('40')).toBeNull();
    await platform.exited;

    // 3. The venue unreachable: the transfer is pending and the member sees where the money is.
    platform = await startPlatform(platformEnv());
    op = await operator();
    const m3 = await member();
    venue.child.kill('SIGKILL');
    await venue.exited;
    const pending = await m3.transferIn('25');
    expect(pending?.data.status).toBe('pending');
    expect(pending?.data.balances).toMatchObject({
      main: '75.00',
      inFlight: '25.00',
      total: '100.00',
    });

    // 4. The venue dies after applying and before answering.
    venue = await startFakeVenueProcess(venueEnv('applied'));
    const m4 = await member();
    const lost = await m4.transferIn('30');
    expect(lost?.data.status).toBe('pending');
    await venue.exited;
    venue = await startFakeVenueProcess(venueEnv());

    // The resolver (one node, at start-up too) settles everything once the venue answers.
    const deadline = Date.now() + 90_000;
    for (;;) {
      const r = await operatorCall<{ total: number }>(
        url(),
        op,
        'GET',
        '/admin/api/v1/transfers?status=pending',
      );
      if (r.data.total === 0) break;
      if (Date.now() > deadline) throw new Error(`still pending:\n${platform.output()}`);
      await new Promise((res) => setTimeout(res, 1000));
    }
    const state = (await (await fetch(`${venue.url}/__state`)).json()) as {
      balances: Record<string, string>;
    };
    const atVenue = (m: { playerId: string }) =>
      parseMoney(state.balances[`FAULTY|${m.playerId}`] ?? '0');
    const expected: [typeof m1, bigint][] = [
      [m1, 0n], // never reached the venue: reversed
      [m2, 40_00n], // applied, completed after the restart
      [m3, 0n], // never reached the venue: reversed
      [m4, 30_00n], // applied, answered by the resolver
    ];
    for (const [m, venueFen] of expected) {
      const b = (await m.balances()).data;
      expect(atVenue(m)).toBe(venueFen);
      expect(b.inFlight).toBe('0.00');
      // main + transit + venue: what the member started with.
      expect(parseMoney(b.main) + atVenue(m)).toBe(100_00n);
    }
    // Each transfer's entries exactly once.
    const rec = await operatorCall<{ ok: boolean }>(
      url(),
      op,
      'GET',
      '/admin/api/v1/ledger/reconcile',
    );
    expect(rec.data.ok).toBe(true);
    const check = PostgresDb.open(pg.url!);
    try {
      const r = await check.query<{ reference: string }>(
        "SELECT reference FROM ledger_transactions WHERE reference LIKE 'transfer:%' ORDER BY reference",
      );
      const steps = r.rows.map((x) => x.reference.split(':')[2]);
      expect(steps.filter((s) => s === 'in')).toHaveLength(4);
      expect(steps.filter((s) => s === 'refund')).toHaveLength(2);
      expect(steps.filter((s) => s === 'applied')).toHaveLength(2);
    } finally {
      await check.close();
    }
  }, 300_000);
});
