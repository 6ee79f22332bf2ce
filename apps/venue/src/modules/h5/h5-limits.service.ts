import { ErrorCode } from '@nebula/protocol';
import type { VenueLimits } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';

/** Keys one counter keeps at most: a flood of addresses cannot grow it without bound. */
const MAX_KEYS = 100_000;

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed windows counted in this node's memory. Expired windows are swept at most once per
 * window; when the map is full of live windows the oldest go first, never all (that would
 * reset every limit at once).
 */
export class WindowCounter {
  readonly #windows = new Map<string, Window>();
  #nextSweep = 0;

  constructor(private readonly windowMs: number) {}

  hit(key: string, now: number): Window {
    let w = this.#windows.get(key);
    if (!w || w.resetAt <= now) {
      if (now >= this.#nextSweep || this.#windows.size >= MAX_KEYS) this.#sweep(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.#windows.delete(key);
      this.#windows.set(key, w);
    }
    w.count += 1;
    return w;
  }

  #sweep(now: number): void {
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key);
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < MAX_KEYS) break;
      this.#windows.delete(key);
    }
    this.#nextSweep = now + this.windowMs;
  }
}

/** A refusal past a limit: 8065 with the milliseconds until the window ends. */
function limited(w: Window, max: number, now: number): void {
  if (w.count > max) {
    throw new VenueError(ErrorCode.VenueRateLimited, {
      retryAfterMs: Math.max(1, w.resetAt - now),
    });
  }
}

/**
 * The page's engine API limits (contract §6): every call counts against its address before the
 * session is even read (a flood of made-up tokens never reaches the database), then against
 * its session; a placement also against the stricter placement budgets of both. Counted per
 * node, in memory; the windows follow real time, never a test's moved clock.
 */
export class H5Limiter {
  readonly #address: WindowCounter;
  readonly #session: WindowCounter;
  readonly #placeAddress: WindowCounter;
  readonly #placeSession: WindowCounter;

  constructor(
    private readonly limits: VenueLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.#address = new WindowCounter(limits.windowMs);
    this.#session = new WindowCounter(limits.windowMs);
    this.#placeAddress = new WindowCounter(limits.windowMs);
    this.#placeSession = new WindowCounter(limits.windowMs);
  }

  /** Before the session is read. Throws 8065 past a budget. */
  address(ip: string, place = false): void {
    const now = this.now();
    limited(this.#address.hit(ip, now), this.limits.perAddress, now);
    if (place) limited(this.#placeAddress.hit(ip, now), this.limits.placePerAddress, now);
  }

  /** Once the session is known (`merchant:venue:player`). Throws 8065 past a budget. */
  session(key: string, place = false): void {
    const now = this.now();
    limited(this.#session.hit(key, now), this.limits.perSession, now);
    if (place) limited(this.#placeSession.hit(key, now), this.limits.placePerSession, now);
  }
}
