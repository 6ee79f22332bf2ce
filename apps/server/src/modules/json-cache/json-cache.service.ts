import {
  CACHE_TTL_DEFAULT_MS,
  ErrorCode,
  JSON_CACHE_MAX_BYTES,
  JSON_CACHE_MAX_KEYS,
  JSON_CACHE_MAX_TTL_MS,
  type JsonCacheEntry,
} from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { JsonCacheStore } from './json-cache.store';

const SHARED = '';
const ownerOf = (memberId: number) => `m:${memberId}`;

/**
 * json-cache (contract §6): `GET/POST /api/json-cache/{key}`. A member's reads and writes are
 * theirs — (member, key) — and reads fall back to the shared key; anonymous callers only read
 * shared values. Shared values are plain JSON written by the server (the platform counts); a
 * member's value is opaque ciphertext made on their device with its own key, at most 8 KB,
 * at most 50 keys, kept at most 24 hours.
 */
export class JsonCacheService {
  constructor(
    private readonly store: JsonCacheStore,
    private readonly clock: Clock,
  ) {}

  async read(memberId: number | null, key: string): Promise<JsonCacheEntry> {
    const now = this.clock.now();
    if (memberId !== null) {
      const own = await this.store.get(ownerOf(memberId), key, now);
      if (own) return { key, scope: 'member', value: own.value, expiresAt: own.expiresAt };
    }
    const shared = await this.store.get(SHARED, key, now);
    if (!shared) return { key, scope: 'none', value: null, expiresAt: null };
    return {
      key,
      scope: 'shared',
      value: JSON.parse(shared.value) as unknown,
      expiresAt: shared.expiresAt,
    };
  }

  async write(memberId: number, key: string, value: string, ttl?: number): Promise<JsonCacheEntry> {
    if (Buffer.byteLength(value, 'utf8') > JSON_CACHE_MAX_BYTES)
      throw new AppError(ErrorCode.JsonCacheTooLarge);
    const now = this.clock.now();
    const expiresAt = now + Math.min(ttl ?? CACHE_TTL_DEFAULT_MS, JSON_CACHE_MAX_TTL_MS);
    if (!(await this.store.set(ownerOf(memberId), key, value, expiresAt, now, JSON_CACHE_MAX_KEYS)))
      throw new AppError(ErrorCode.JsonCacheTooManyKeys);
    return { key, scope: 'member', value, expiresAt };
  }

  /** A shared value, written by the server only. */
  async writeShared(key: string, value: unknown, ttlMs: number): Promise<void> {
    const now = this.clock.now();
    await this.store.set(
      SHARED,
      key,
      JSON.stringify(value),
      now + Math.min(ttlMs, JSON_CACHE_MAX_TTL_MS),
      now,
      Number.MAX_SAFE_INTEGER,
    );
  }

  purge(): Promise<void> {
    return this.store.purge(this.clock.now());
  }
}
