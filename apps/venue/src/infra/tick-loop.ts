/**
 * Runs a tick again and again, `everyMs` after the last one ended: ticks never overlap, and
 * `stop` waits for the one under way. The leader's loop and the game clock each run one, so a
 * long tick of one never delays the other.
 */
export class TickLoop {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;

  constructor(private readonly tick: () => Promise<unknown>) {}

  start(everyMs: number): void {
    const run = () => {
      this.#running = this.tick().finally(() => {
        this.#running = null;
        if (this.#timer) this.#timer = setTimeout(run, everyMs);
      });
    };
    this.#timer = setTimeout(run, 0);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
