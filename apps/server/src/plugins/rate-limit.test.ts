import { ErrorCode } from '@nebula/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl, skipNotice } from '../test/services';
import { createTestApp, type TestApp } from '../test/test-app';
import { MemoryWindowStore, RedisWindowStore } from '../lib/window-store';

const redisUrl = serviceUrl('TEST_REDIS_URL');
if (!redisUrl) skipNotice('TEST_REDIS_URL', 'Redis rate-limit store');

describe('MemoryWindowStore', () => {
  it('counts per key within a window and starts a new window when it ends', () => {
    const store = new MemoryWindowStore(1000);
    expect(store.hit('a', 0)).toEqual({ count: 1, resetAt: 1000 });
    expect(store.hit('a', 500).count).toBe(2);
    expect(store.hit('b', 500)).toEqual({ count: 1, resetAt: 1500 });
    expect(store.hit('a', 999).count).toBe(3);
    expect(store.hit('a', 1000)).toEqual({ count: 1, resetAt: 2000 });
  });
  it('stays bounded under a flood of addresses', () => {
    const store = new MemoryWindowStore(60_000, 100);
    for (let i = 0; i < 1000; i += 1)
      expect(store.hit(`10.0.${i >> 8}.${i & 255}`, 0).count).toBe(1);
    // The cap empties the table rather than grow it; a caller loses at most one window of count.
    expect(store.hit('10.0.3.231', 1).count).toBe(2);
  });
});

describe('the limit on requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' },
      seedDemo: false,
    });
  });
  afterAll(() => t.close());

  it('refuses past the limit with 429, code 6501 and Retry-After; health and pages are not counted', async () => {
    const c = t.client();
    for (let i = 0; i < 5; i += 1) expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await t.app.inject({ method: 'GET', url: '/some/page', remoteAddress: '127.0.0.1' }))
          .statusCode,
      ).not.toBe(429);
    expect((await c.raw('preInfo', { body: {} })).statusCode).toBe(200);
    expect((await c.raw('preInfo', { body: {} })).statusCode).toBe(200);
    const refused = await c.raw('preInfo', { body: {} });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status_code: ErrorCode.RateLimited });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });
  it('counts unknown API paths too, before the guard looks at any header', async () => {
    const ip = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1)
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/site/api/v1/nope', remoteAddress: ip }))
          .statusCode,
      );
    expect(codes).toEqual([404, 404, 429]);
  });
});

describe.skipIf(!redisUrl)('RedisWindowStore', () => {
  const prefix = `nebula-test-${process.pid}-${Date.now()}:rl:`;
  let a: Redis;
  let b: Redis;
  beforeAll(() => {
    a = new Redis(redisUrl!);
    b = new Redis(redisUrl!);
  });
  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length > 0) await a.del(...keys);
    await a.quit();
    await b.quit();
  });

  it('shares the count between nodes and expires the window', async () => {
    const nodeA = new RedisWindowStore(a, prefix, 300);
    const nodeB = new RedisWindowStore(b, prefix, 300);
    const now = Date.now();
    expect((await nodeA.hit('203.0.113.1', now)).count).toBe(1);
    const second = await nodeB.hit('203.0.113.1', now);
    expect(second.count).toBe(2);
    expect(second.resetAt).toBeGreaterThan(now);
    expect(second.resetAt).toBeLessThanOrEqual(now + 300);
    expect((await nodeB.hit('203.0.113.2', now)).count).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    expect((await nodeA.hit('203.0.113.1', Date.now())).count).toBe(1);
  });
});

describe('RedisWindowStore without the script cached', () => {
  it('sends the script itself when Redis answers NOSCRIPT', async () => {
    const calls: string[] = [];
    const redis = {
      evalsha: () => {
        calls.push('evalsha');
        return Promise.reject(new Error('NOSCRIPT No matching script. Please use EVAL.'));
      },
      eval: (_script: string, _keys: number, key: string) => {
        calls.push(`eval ${key}`);
        return Promise.resolve([1, 1000]);
      },
    };
    const store = new RedisWindowStore(redis as unknown as Redis, 'p:', 1000);
    expect(await store.hit('203.0.113.3', 5000)).toEqual({ count: 1, resetAt: 6000 });
    expect(calls).toEqual(['evalsha', 'eval p:203.0.113.3']);
  });
});
