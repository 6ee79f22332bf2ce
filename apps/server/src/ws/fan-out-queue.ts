import type { ChatSocket } from './chat-state';

/** Sockets written per turn of the event loop before the rest of a fan-out waits its turn. */
export const FAN_OUT_SLICE = 2_000;

/** ws' documented way to send a prepared Buffer as a text frame; one object for every send. */
export const TEXT_FRAME = { binary: false } as const;

interface Job {
  frame: Buffer;
  targets: Iterator<ChatSocket>;
  skip: ((s: ChatSocket) => boolean) | undefined;
}

/**
 * Room broadcasts, one frame at a time in publication order. Each frame is encoded to UTF-8
 * once and the same Buffer is written to every socket (ws frames a Buffer without copying it),
 * and a fan-out to tens of thousands of sockets is cut into slices that yield to the event
 * loop, so heartbeats, logins and new messages are served while a big room is being written.
 * The targets are read through a live iterator of the room's set: no copy per message; a
 * socket that leaves mid-fan-out is skipped, one that joins may get the frame.
 */
export class FanOutQueue {
  readonly #jobs: Job[] = [];
  #scheduled = false;
  /** When the queue last went from empty to holding a frame (null: empty). */
  #behindSince: number | null = null;
  /** Time the queue held frames, before `#behindSince`. */
  #behindMs = 0;

  /** `now` is the hub's clock: the time behind is subtracted from its silence clock. */
  constructor(private readonly now: () => number = Date.now) {}

  /** Queues `frame` for every open socket of `targets` that `skip` does not exclude. */
  push(frame: string, targets: Iterable<ChatSocket>, skip?: (s: ChatSocket) => boolean): void {
    if (this.#jobs.length === 0) this.#behindSince = this.now();
    this.#jobs.push({
      frame: Buffer.from(frame, 'utf8'),
      targets: targets[Symbol.iterator](),
      skip,
    });
    // An idle queue starts at once: a small room is written in the same turn, as before.
    if (!this.#scheduled) this.#run();
  }

  /** Frames still waiting (a whole job counts one). */
  get pending(): number {
    return this.#jobs.length;
  }

  /**
   * Total time this node has held room frames not yet written to every socket: its own send
   * backlog. While the node is behind, a client's heartbeat may wait unread behind the node's
   * writes, or the client may be busy reading them; that time is not the client's silence.
   */
  behindMs(): number {
    return this.#behindMs + (this.#behindSince === null ? 0 : this.now() - this.#behindSince);
  }

  readonly #run = (): void => {
    this.#scheduled = false;
    let budget = FAN_OUT_SLICE;
    while (this.#jobs.length > 0) {
      const job = this.#jobs[0]!;
      for (;;) {
        if (budget === 0) {
          this.#scheduled = true;
          setImmediate(this.#run);
          return;
        }
        const next = job.targets.next();
        if (next.done) break;
        const s = next.value;
        budget -= 1;
        if (s.ws.readyState !== s.ws.OPEN || job.skip?.(s)) continue;
        s.ws.send(job.frame, TEXT_FRAME);
      }
      this.#jobs.shift();
    }
    if (this.#behindSince !== null) this.#behindMs += this.now() - this.#behindSince;
    this.#behindSince = null;
  };
}
