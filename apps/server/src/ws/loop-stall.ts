/** How often the hub looks at its own event loop (a timer; any event on the hub looks too). */
export const LOOP_PROBE_MS = 500;

/**
 * The time this process's event loop stood still, on a monotonic clock. While the loop is
 * blocked nothing is read: a member's heartbeat waits in the kernel, and the first callback
 * after the block may be the silence sweep (the timers phase comes before the poll phase that
 * would read the waiting beats). That time is not the member's silence, so the hub's silence
 * clock does not count it (chat-hub.ts `#silenceNow`).
 *
 * A gap between two looks longer than two probe periods counts as a stall, less the one period
 * a turning loop would have taken anyway; shorter gaps are a loop that turns, however busy.
 */
export class LoopStall {
  #last: number;
  #stalledMs = 0;

  constructor(
    /** A monotonic clock in ms (performance.now): never the hub's business clock. */
    private readonly monotonic: () => number = () => performance.now(),
    private readonly periodMs = LOOP_PROBE_MS,
  ) {
    this.#last = monotonic();
  }

  /** Records the gap since the last look; returns the total stall so far. */
  look(): number {
    const t = this.monotonic();
    const gap = t - this.#last;
    if (gap > 2 * this.periodMs) this.#stalledMs += gap - this.periodMs;
    this.#last = t;
    return this.#stalledMs;
  }
}
