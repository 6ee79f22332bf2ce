import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/*
 * Fixed-window hit counters, in memory or shared through Redis: the API rate limit and the
 * transfer throttle both count with them.
 */

/** One fixed window of one caller: hits so far and when the window ends (ms since the epoch). */
export interface WindowHit {
  count: number;
  resetAt: number;
}

/** Counts a hit. Memory answers at once; Redis (several nodes share the counts) answers later. */
export interface WindowStore {
  hit(key: string, now: number): WindowHit | Promise<WindowHit>;
}

/**
 * Counts in this process. Expired windows are swept at most once per window, and the map is
 * capped, so a flood of addresses cannot grow it without bound.
 */
export class MemoryWindowStore implements WindowStore {
  readonly #windows = new Map<string, WindowHit>();
  #nextSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  hit(key: string, now: number): WindowHit {
    let w = this.#windows.get(key);
    if (!w || w.resetAt <= now) {
      if (now >= this.#nextSweep || this.#windows.size >= this.maxKeys) this.#sweep(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.#windows.set(key, w);
    }
    w.count += 1;
    return w;
  }

  #sweep(now: number): void {
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key);
    // Still full of live windows: drop the oldest, never all (that would reset every limit).
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.maxKeys) break;
      this.#windows.delete(key);
    }
    this.#nextSweep = now + this.windowMs;
  }
}

/** INCR and the window's expiry in one atomic step; answers the count and the ms left. */
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}`;
const HIT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

/** Counts shared by every node through Redis. */
export class RedisWindowStore implements WindowStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {}

  async hit(key: string, now: number): Promise<WindowHit> {
    const redisKey = this.prefix + key;
    let answer: unknown;
    try {
      answer = await this.redis.evalsha(HIT_SHA, 1, redisKey, this.windowMs);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes('NOSCRIPT')) throw err;
      answer = await this.redis.eval(HIT_SCRIPT, 1, redisKey, this.windowMs);
    }
    const [count, ttl] = answer as [number, number];
    return { count, resetAt: now + ttl };
  }
}
