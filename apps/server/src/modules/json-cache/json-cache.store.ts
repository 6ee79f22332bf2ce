import type { Db } from '@nebula/db';
import type { Redis } from 'ioredis';
import { purgeExpired, readEntry, writeEntry } from './json-cache.repository';

/** Where json-cache entries live: a table embedded, Redis in production (contract §6). */
export interface JsonCacheStore {
  get(
    owner: string,
    key: string,
    now: number,
  ): Promise<{ value: string; expiresAt: number } | null>;
  /** False when the owner already holds `maxKeys` other live keys. */
  set(
    owner: string,
    key: string,
    value: string,
    expiresAt: number,
    now: number,
    maxKeys: number,
  ): Promise<boolean>;
  purge(now: number): Promise<void>;
}

export class TableJsonCacheStore implements JsonCacheStore {
  constructor(private readonly db: Db) {}

  get(owner: string, key: string, now: number) {
    return readEntry(this.db, owner, key, now);
  }

  set(owner: string, key: string, value: string, expiresAt: number, now: number, maxKeys: number) {
    return this.db.tx((q) => writeEntry(q, { owner, key, value, expiresAt, now, maxKeys }));
  }

  async purge(now: number): Promise<void> {
    await purgeExpired(this.db, now);
  }
}

/**
 * The write, atomically: expired index members dropped, the cap checked (a key being replaced
 * does not count), the value stored with its expiry and indexed by it.
 */
const SET_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if redis.call('ZSCORE', KEYS[2], ARGV[5]) == false and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PXAT', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[5])
redis.call('PEXPIRE', KEYS[2], 86400000)
return 1`;

export class RedisJsonCacheStore implements JsonCacheStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  #keys(owner: string, key: string): [string, string] {
    return [`${this.prefix}jc:${owner}:${key}`, `${this.prefix}jc-idx:${owner}`];
  }

  async get(owner: string, key: string, now: number) {
    const [valueKey, indexKey] = this.#keys(owner, key);
    const [value, score] = await Promise.all([
      this.redis.get(valueKey),
      this.redis.zscore(indexKey, key),
    ]);
    if (value === null) return null;
    const expiresAt = score === null ? now + 1 : Number(score);
    return expiresAt > now ? { value, expiresAt } : null;
  }

  async set(
    owner: string,
    key: string,
    value: string,
    expiresAt: number,
    now: number,
    maxKeys: number,
  ) {
    const [valueKey, indexKey] = this.#keys(owner, key);
    const r = await this.redis.eval(
      SET_SCRIPT,
      2,
      valueKey,
      indexKey,
      value,
      String(expiresAt),
      String(now),
      String(maxKeys),
      key,
    );
    return r === 1;
  }

  async purge(): Promise<void> {
    // Redis expires values itself; each index drops its expired members on the next write.
  }
}
