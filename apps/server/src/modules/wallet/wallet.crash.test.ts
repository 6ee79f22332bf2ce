import { ErrorCode } from '@nebula/protocol';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, testDbKind, type TestDb } from '../../test/test-db';
import { testSecrets } from '../../test/test-app';
import { sandboxSignature } from '../deposit/sandbox-gateway';
import { httpClient, startPlatform } from '../../test/processes';

/**
 * Crash: `kill -9` of the platform during a callback storm, restart on the same data, retry
 * the callbacks that were not answered "success" → every order credited exactly once and the
 * books reconcile. Runs on the database of the project (PGlite data directory or PostgreSQL).
 */
const secrets = testSecrets();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

const start = startPlatform;
const client = (url: () => string) => httpClient(url, secrets.SIGN_KEY);

describe('kill -9 during a callback storm', () => {
  it('every order is credited exactly once after a restart and retries', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let pg: TestDb | null = null;
    if (testDbKind() === 'postgres') {
      pg = await createTestDb();
      await pg.db.close();
      cleanups.push(() => pg?.drop() ?? Promise.resolve());
    }
    const env = {
      ...secrets,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: pg?.url ?? '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      REGISTER_CAPTCHA: 'off',
      RATE_LIMIT_MAX: '1000000',
      ADMIN_USER: 'crashadmin',
      ADMIN_PASSWORD: 'crash-admin-pass-1',
      SEED_DEMO: 'off',
    };
    let proc = await start(env);
    cleanups.push(() => {
      proc.child.kill('SIGKILL');
      return Promise.resolve();
    });

    // Members and their pending online deposits.
    const orders: { orderId: string; call: ReturnType<typeof client>; token: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const call = client(() => proc.url);
      const reg = await call<{ token: string }>('POST', '/site/api/v1/user/register', {
        userName: `crash${i}${Date.now() % 100000}`,
        password: 'Crash-Test-Pass-1',
        ageConfirmed: true,
      });
      expect(reg.status_code).toBe(ErrorCode.Success);
      for (let k = 0; k < 10; k += 1) {
        const o = await call<{ orderId: string }>(
          'POST',
          '/fd/api/v1/deposit/order',
          { channelId: 'alipay', amount: '100' },
          { 'x-api-token': reg.data.token, 'x-idempotency-key': randomUUID() },
        );
        expect(o.status_code).toBe(ErrorCode.Success);
        orders.push({ orderId: o.data.orderId, call, token: reg.data.token });
      }
    }

    const send = async (url: string, orderId: string): Promise<string> => {
      const raw = JSON.stringify({
        orderId,
        amount: '100.00',
        status: 'paid',
        gatewayTradeNo: `C${orderId}`,
        paidAt: Date.now(),
      });
      try {
        const r = await fetch(`${url}/fd/api/v1/deposit/callback/sandbox`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-signature': sandboxSignature(secrets.PAYMENT_CALLBACK_SECRET, raw),
          },
          body: raw,
        });
        return await r.text();
      } catch {
        return 'unanswered';
      }
    };

    // The storm: every order's callback three times, ten at a time; kill -9 part way.
    const answered = new Map<string, boolean>();
    const work = orders.flatMap((o) => [o.orderId, o.orderId, o.orderId]);
    let sent = 0;
    const killAt = 25;
    const url = proc.url;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (work.length > 0) {
          const id = work.shift()!;
          sent += 1;
          if (sent === killAt) proc.child.kill('SIGKILL');
          const answer = await send(url, id);
          if (answer === 'success') answered.set(id, true);
        }
      }),
    );
    await proc.exited;
    expect(answered.size).toBeLessThan(orders.length);

    // Restart on the same data and retry everything that was not answered "success".
    proc = await start(env);
    for (const o of orders) {
      if (!answered.get(o.orderId)) expect(await send(proc.url, o.orderId)).toBe('success');
    }
    // Replays after the fact change nothing either.
    for (const o of orders.slice(0, 5)) expect(await send(proc.url, o.orderId)).toBe('success');

    const login = await fetch(`${proc.url}/admin/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'crashadmin', password: 'crash-admin-pass-1' }),
    });
    const admin = ((await login.json()) as { data: { token: string } }).data.token;
    const credited = await fetch(`${proc.url}/admin/api/v1/deposits?status=credited&pageSize=100`, {
      headers: { 'x-admin-token': admin },
    });
    expect(((await credited.json()) as { data: { total: number } }).data.total).toBe(orders.length);
    const rec = await fetch(`${proc.url}/admin/api/v1/ledger/reconcile`, {
      headers: { 'x-admin-token': admin },
    });
    expect(((await rec.json()) as { data: { ok: boolean } }).data.ok).toBe(true);
    for (const o of orders.filter((_, i) => i % 10 === 0)) {
      const b = await o.call<{ main: string }>('GET', '/fd/api/v1/wallet/balances', undefined, {
        'x-api-token': o.token,
      });
      expect(b.data.main).toBe('1000.00');
    }
    proc.child.kill('SIGTERM');
    await proc.exited;
  }, 180_000);
});
