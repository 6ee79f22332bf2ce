import type { Redis } from 'ioredis';
import { ErrorCode } from '@nebula/protocol';
import { AppError } from '../../lib/errors';
import { MemoryWindowStore, RedisWindowStore, type WindowStore } from '../../lib/window-store';

/** The window `transferOrdersPerMinute` counts in. */
export const TRANSFER_WINDOW_MS = 60_000;

/**
 * Transfer orders per member per minute (contract §6, the `transferOrdersPerMinute` setting):
 * past it 7029 with `retryAt`, decided before a transfer row is written, so a burst cannot
 * leave rows (failed ones included) without bound. Counted in this process, or in Redis and
 * shared by every node with `REDIS_URL`, like the per-address limit (plugins/rate-limit.ts).
 */
export class TransferThrottle {
  readonly #store: WindowStore;

  constructor(
    o: { redis: Redis | null; redisPrefix: string },
    private readonly now: () => number,
  ) {
    this.#store = o.redis
      ? new RedisWindowStore(o.redis, `${o.redisPrefix}rl:transfer:`, TRANSFER_WINDOW_MS)
      : new MemoryWindowStore(TRANSFER_WINDOW_MS);
  }

  /** Counts one order of the member; past `max` in the window, 7029. */
  async count(memberId: number, max: number): Promise<void> {
    const now = this.now();
    const hit = await this.#store.hit(String(memberId), now);
    if (hit.count > max)
      throw new AppError(ErrorCode.TransferTooFrequent, { retryAt: hit.resetAt });
  }
}
