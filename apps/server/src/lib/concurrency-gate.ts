import { availableParallelism } from 'node:os';

/**
 * At most `limit` tasks run at once; the rest wait their turn in arrival order. A limit of 0
 * lets every task run at once (no gate). The password hashes use it (password.ts): each argon2id
 * verify holds 19 MiB and one of libuv's four pool threads for its whole run, and on a node with
 * fewer cores than that, verifies at once take the cores the event loop needs for every other
 * call (docs/benchmarks.md, site: the cost of a visit).
 */
/**
 * The password gate's default: half the cores, at least one; the other half stays free for the
 * event loop and the rest. Here, not in password.ts, so the config reads it without loading
 * argon2's native module.
 */
export const defaultPasswordConcurrency = (): number =>
  Math.max(1, Math.floor(availableParallelism() / 2));

export class ConcurrencyGate {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Tasks running now and waiting now (for tests and the profile). */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.limit > 0 && this.#running >= this.limit) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so no newcomer can take it in between.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
