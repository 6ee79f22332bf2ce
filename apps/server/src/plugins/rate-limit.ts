import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@nebula/protocol';
import { AppError } from '../lib/errors';
import { isApiRequest } from './error-handler';

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

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Shared counts for several nodes; null counts in memory. */
  redis: Redis | null;
  redisPrefix: string;
}

/**
 * Rate limit per caller address on API paths (not /healthz, not the site's files): past `max`
 * calls in a window, HTTP 429 with code 6501 and Retry-After. It runs before the API guard, so
 * a flood is refused before any signature is computed. A callback hook with a synchronous store
 * in memory, so the common case costs a map lookup and no promise.
 */
export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const store: WindowStore = options.redis
    ? new RedisWindowStore(options.redis, `${options.redisPrefix}rl:`, options.windowMs)
    : new MemoryWindowStore(options.windowMs);

  const verdict = (hit: WindowHit, now: number, reply: FastifyReply): AppError | undefined => {
    if (hit.count <= options.max) return undefined;
    void reply.header('retry-after', Math.max(1, Math.ceil((hit.resetAt - now) / 1000)));
    return new AppError(ErrorCode.RateLimited, null, undefined, 429);
  };

  app.addHook('onRequest', (req: FastifyRequest, reply, done) => {
    if (!isApiRequest(req) || req.url.startsWith('/healthz')) {
      done();
      return;
    }
    const now = Date.now();
    let hit: WindowHit | Promise<WindowHit>;
    try {
      hit = store.hit(req.ip, now);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (hit instanceof Promise) {
      hit.then((h) => done(verdict(h, now, reply)), done);
    } else {
      done(verdict(hit, now, reply));
    }
  });
}
