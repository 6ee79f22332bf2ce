import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@nebula/protocol';
import { IDEMPOTENCY_TTL_MS } from '../../idempotency/idempotency.service';
import { AppError } from '../../lib/errors';

/** New 一键回收 keys a member may start per window (a venue frame's leave is one too). */
export const RECALLS_PER_WINDOW = 10;
export const RECALL_WINDOW_MS = 60_000;
/**
 * How long a recall holds its member's turn at most: it asks each venue with a 4 s budget and
 * sends transfers out; a node that dies mid-recall frees the turn when this runs out.
 */
export const RECALL_TURN_MS = 30_000;
/** A member refused because another recall runs: one of theirs ends within seconds. */
const BUSY_RETRY_MS = 1_000;

/** The gate's answer: in, or why not and until when. */
type Entry = { in: true } | { in: false; why: 'same-key' | 'busy' | 'limit'; resetAt: number };

interface RecallGate {
  enter(memberId: number, key: string, now: number): Entry | Promise<Entry>;
  leave(memberId: number, key: string): void | Promise<void>;
}

/**
 * 一键回收 per member (contract §6): one recall fans out to a call per venue, so a member (or a
 * stolen token) repeating it would multiply the load on every venue. One recall at a time per
 * member, and at most `RECALLS_PER_WINDOW` new keys a minute: past either 7029 with `retryAt`,
 * before any venue is asked. A key already let in is not counted again, so a retry of it
 * answers as always; while its first attempt still runs it is 7004. Counted in this process,
 * or in Redis and shared by every node with `REDIS_URL`, like the transfer throttle.
 */
export class RecallThrottle {
  readonly #gate: RecallGate;

  constructor(
    o: { redis: Redis | null; redisPrefix: string },
    private readonly now: () => number,
    limits: { perWindow: number; turnMs: number } = {
      perWindow: RECALLS_PER_WINDOW,
      turnMs: RECALL_TURN_MS,
    },
  ) {
    this.#gate = o.redis
      ? new RedisRecallGate(o.redis, `${o.redisPrefix}rl:recall:`, limits)
      : new MemoryRecallGate(limits);
  }

  /** Runs `recall` as the member's one recall in flight, or refuses it (7029 / 7004). */
  async guard<T>(memberId: number, key: string, recall: () => Promise<T>): Promise<T> {
    const now = this.now();
    const entry = await this.#gate.enter(memberId, key, now);
    if (!entry.in) {
      if (entry.why === 'same-key') throw new AppError(ErrorCode.IdempotencyInProgress);
      throw new AppError(ErrorCode.TransferTooFrequent, { retryAt: entry.resetAt });
    }
    try {
      return await recall();
    } finally {
      await this.#gate.leave(memberId, key);
    }
  }
}

/** This process only. Keys seen are kept a day (like a money key) and swept as they expire. */
class MemoryRecallGate implements RecallGate {
  readonly #turns = new Map<number, { key: string; until: number }>();
  readonly #windows = new Map<number, { count: number; resetAt: number }>();
  readonly #seen = new Map<string, number>();
  #nextSweep = 0;

  constructor(private readonly limits: { perWindow: number; turnMs: number }) {}

  enter(memberId: number, key: string, now: number): Entry {
    this.#sweep(now);
    const turn = this.#turns.get(memberId);
    if (turn && turn.until > now)
      return turn.key === key
        ? { in: false, why: 'same-key', resetAt: now }
        : { in: false, why: 'busy', resetAt: now + BUSY_RETRY_MS };
    const seenKey = `${memberId}:${key}`;
    if (!this.#seen.has(seenKey)) {
      let w = this.#windows.get(memberId);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + RECALL_WINDOW_MS };
        this.#windows.set(memberId, w);
      }
      if (w.count >= this.limits.perWindow) return { in: false, why: 'limit', resetAt: w.resetAt };
      w.count += 1;
      this.#seen.set(seenKey, now + IDEMPOTENCY_TTL_MS);
    }
    this.#turns.set(memberId, { key, until: now + this.limits.turnMs });
    return { in: true };
  }

  leave(memberId: number, key: string): void {
    if (this.#turns.get(memberId)?.key === key) this.#turns.delete(memberId);
  }

  #sweep(now: number): void {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + RECALL_WINDOW_MS;
    for (const [k, until] of this.#seen) if (until <= now) this.#seen.delete(k);
    for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k);
    for (const [k, t] of this.#turns) if (t.until <= now) this.#turns.delete(k);
  }
}

/**
 * The same decision in one Lua step, so two nodes cannot both let a member in:
 * KEYS turn, window count, key seen; ARGV key, window ms, limit, turn ms, seen ms.
 * Answers {0} in, {1} same key running, {2, ms} another running, {3, ms} past the limit.
 */
const ENTER_SCRIPT = `local holder = redis.call('GET', KEYS[1])
if holder then
  if holder == ARGV[1] then return {1, 0} end
  return {2, redis.call('PTTL', KEYS[1])}
end
if redis.call('EXISTS', KEYS[3]) == 0 then
  local c = redis.call('INCR', KEYS[2])
  local ttl = redis.call('PTTL', KEYS[2])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[2], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  if c > tonumber(ARGV[3]) then return {3, ttl} end
  redis.call('SET', KEYS[3], '1', 'PX', ARGV[5])
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
return {0, 0}`;
/** Frees the turn only if this key still holds it (it may have run out and passed on). */
const LEAVE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

class RedisRecallGate implements RecallGate {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: { perWindow: number; turnMs: number },
  ) {}

  async enter(memberId: number, key: string, now: number): Promise<Entry> {
    const p = `${this.prefix}${memberId}:`;
    const [answer, ms] = (await this.#eval(
      ENTER_SCRIPT,
      [`${p}turn`, `${p}count`, `${p}seen:${key}`],
      [key, RECALL_WINDOW_MS, this.limits.perWindow, this.limits.turnMs, IDEMPOTENCY_TTL_MS],
    )) as [number, number];
    if (answer === 0) return { in: true };
    if (answer === 1) return { in: false, why: 'same-key', resetAt: now };
    if (answer === 2) return { in: false, why: 'busy', resetAt: now + Math.min(ms, BUSY_RETRY_MS) };
    return { in: false, why: 'limit', resetAt: now + ms };
  }

  async leave(memberId: number, key: string): Promise<void> {
    await this.#eval(LEAVE_SCRIPT, [`${this.prefix}${memberId}:turn`], [key]);
  }

  /** EVALSHA first (the script is sent once per Redis), EVAL when Redis does not have it. */
  async #eval(script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    const sha = createHash('sha1').update(script).digest('hex');
    try {
      return await this.redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes('NOSCRIPT')) throw err;
      return this.redis.eval(script, keys.length, ...keys, ...args);
    }
  }
}
