import type { FastifyBaseLogger } from 'fastify';

/** A full node's refusals are written once per this period, not once per socket. */
export const CAP_LOG_INTERVAL_MS = 60_000;

/**
 * The node's cap on chat sockets (`CHAT_MAX_SOCKETS`): past it a new upgrade is refused so the
 * node keeps files for HTTP and its database (config/chat-socket-cap.ts). A full room refuses
 * thousands of reconnects a minute: the first refusal of a quiet spell is logged at once, the
 * rest as one count per CAP_LOG_INTERVAL_MS.
 */
export class ChatSocketCap {
  #refused = 0;
  #unlogged = 0;
  #lastOpen = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    readonly max: number,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = CAP_LOG_INTERVAL_MS,
  ) {}

  /** Whether one more socket may open while `open` are held or being opened; counts a refusal. */
  admits(open: number): boolean {
    if (open < this.max) return true;
    this.#refused += 1;
    this.#lastOpen = open;
    if (this.#timer) {
      this.#unlogged += 1;
    } else {
      this.log.warn({ refused: 1, open, max: this.max }, 'chat sockets at the cap: refusing');
      this.#arm();
    }
    return false;
  }

  /** Refusals since start. */
  get refused(): number {
    return this.#refused;
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #arm(): void {
    this.#timer = setTimeout(() => this.#flush(), this.intervalMs);
    this.#timer.unref();
  }

  #flush(): void {
    this.#timer = null;
    if (this.#unlogged === 0) return;
    this.log.warn(
      { refused: this.#unlogged, open: this.#lastOpen, max: this.max, periodMs: this.intervalMs },
      'chat sockets at the cap: refused in the last period',
    );
    this.#unlogged = 0;
    this.#arm();
  }
}
