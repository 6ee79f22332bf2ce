import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@nebula/protocol';
import { AppError } from '../lib/errors';
import {
  MemoryWindowStore,
  RedisWindowStore,
  type WindowHit,
  type WindowStore,
} from '../lib/window-store';
import { addGateStage } from './request-gate';

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

  const verdict = (hit: WindowHit, now: number, reply: FastifyReply): void => {
    if (hit.count <= options.max) return;
    void reply.header('retry-after', Math.max(1, Math.ceil((hit.resetAt - now) / 1000)));
    throw new AppError(ErrorCode.RateLimited, null, undefined, 429);
  };

  addGateStage(app, (req, reply, route) => {
    if (!route.api || req.url.startsWith('/healthz')) return;
    const now = Date.now();
    const hit = store.hit(req.ip, now);
    if (hit instanceof Promise) return hit.then((h) => verdict(h, now, reply));
    verdict(hit, now, reply);
  });
}
