import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  JSON_CACHE_MAX_KEYS,
  PLATFORM_COUNTS_CACHE_KEY,
  type JsonCacheEntry,
} from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectCode, registerMember } from '../../test/factories';
import { FakeClock } from '../../lib/clock';
import { JsonCacheService } from './json-cache.service';
import { RedisJsonCacheStore } from './json-cache.store';

/**
 * json-cache (contract §6): a member's reads and writes are (member, key), reads fall back to
 * the shared key; anonymous callers only read; member values are opaque ciphertext ≤ 8 KB,
 * ≤ 50 keys, ttl ≤ 24 h; shared values are JSON the server writes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const get = (c: ReturnType<TestApp['client']>, key: string, token?: string) =>
  c.call<JsonCacheEntry>('jsonCacheGet', { params: { key }, ...(token ? { token } : {}) });
const set = (c: ReturnType<TestApp['client']>, token: string, key: string, body: unknown) =>
  c.call<JsonCacheEntry>('jsonCacheSet', { params: { key }, token, body });

describe('json-cache over HTTP', () => {
  it('shared values are the server’s; anonymous callers read them and cannot write', async () => {
    await t.services.jsonCache.writeShared(PLATFORM_COUNTS_CACHE_KEY, { TY: { live: 3 } }, 60_000);
    const anon = t.client();
    expect((await get(anon, PLATFORM_COUNTS_CACHE_KEY)).data).toMatchObject({
      scope: 'shared',
      value: { TY: { live: 3 } },
    });
    await expectCode(
      anon.call('jsonCacheSet', { params: { key: 'x' }, body: { value: 'QQ==' } }),
      ErrorCode.AuthRequired,
    );
  });

  it('a member’s key is theirs, and falls back to the shared one', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    await t.services.jsonCache.writeShared('prefs', { shared: true }, 60_000);
    expect((await get(a.client, 'prefs', a.token)).data.scope).toBe('shared');
    expect(
      (await set(a.client, a.token, 'prefs', { value: 'Y2lwaGVy.dGV4dA==' })).status_code,
    ).toBe(ErrorCode.Success);
    expect((await get(a.client, 'prefs', a.token)).data).toMatchObject({
      scope: 'member',
      value: 'Y2lwaGVy.dGV4dA==',
    });
    // B reads the shared value, never A's.
    expect((await get(b.client, 'prefs', b.token)).data).toMatchObject({ scope: 'shared' });
    // Anonymous readers too.
    expect((await get(t.client(), 'prefs')).data.scope).toBe('shared');
  });

  it('refuses plain JSON, values over 8 KB, bad keys and long ttls', async () => {
    const m = await registerMember(t);
    await expectCode(set(m.client, m.token, 'k1', { value: '{"a":1}' }), ErrorCode.Validation);
    await expectCode(
      set(m.client, m.token, 'k1', { value: 'A'.repeat(8 * 1024 + 1) }),
      ErrorCode.Validation,
    );
    await expectCode(
      set(m.client, m.token, 'k1', { value: 'A'.repeat(8 * 1024) }),
      ErrorCode.Success,
    );
    await expectCode(
      set(m.client, m.token, 'k1', { value: 'QQ==', ttl: 86_400_001 }),
      ErrorCode.Validation,
    );
    await expectCode(get(m.client, 'bad key', m.token), ErrorCode.Validation);
    await expectCode(get(m.client, 'k'.repeat(65), m.token), ErrorCode.Validation);
  });

  it('expires with its ttl', async () => {
    const m = await registerMember(t);
    await set(m.client, m.token, 'short', { value: 'QQ==', ttl: 1000 });
    expect((await get(m.client, 'short', m.token)).data.scope).toBe('member');
    t.clock.advance(1500);
    expect((await get(m.client, 'short', m.token)).data.scope).toBe('none');
  });

  it(`holds at most ${JSON_CACHE_MAX_KEYS} keys per member; replacing one is always allowed`, async () => {
    const m = await registerMember(t);
    for (let i = 0; i < JSON_CACHE_MAX_KEYS; i += 1)
      await expectCode(set(m.client, m.token, `key${i}`, { value: 'QQ==' }), ErrorCode.Success);
    await expectCode(
      set(m.client, m.token, 'one-more', { value: 'QQ==' }),
      ErrorCode.JsonCacheTooManyKeys,
    );
    await expectCode(set(m.client, m.token, 'key7', { value: 'Qg==' }), ErrorCode.Success);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('json-cache in Redis', () => {
  it('keeps the same rules', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const prefix = `test-jc-${Date.now()}:`;
    const clock = new FakeClock();
    const cache = new JsonCacheService(new RedisJsonCacheStore(redis, prefix), clock);
    try {
      await cache.writeShared('counts', { TY: 1 }, 60_000);
      expect(await cache.read(null, 'counts')).toMatchObject({ scope: 'shared', value: { TY: 1 } });
      await cache.write(7, 'counts', 'QQ==');
      expect(await cache.read(7, 'counts')).toMatchObject({ scope: 'member', value: 'QQ==' });
      expect(await cache.read(8, 'counts')).toMatchObject({ scope: 'shared' });
      for (let i = 1; i < JSON_CACHE_MAX_KEYS; i += 1) await cache.write(7, `k${i}`, 'QQ==');
      await expect(cache.write(7, 'over', 'QQ==')).rejects.toMatchObject({
        code: ErrorCode.JsonCacheTooManyKeys,
      });
      await cache.write(7, 'k3', 'Qg==');
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});
