import type { Db, Queryable } from '@nebula/db';
import { acquireLease, holdsEpoch, releaseLease } from './leader-lease.repository';

export class LeaderLost extends Error {
  constructor() {
    super('this node is no longer the leader');
  }
}

/**
 * One leader among the venue's nodes (docs/architecture.md, "The house venue"): it plays the feed,
 * accepts in-play bets and settles. Leadership is a lease in the database with an epoch; every
 * write the leader makes goes through `write`, which checks the epoch inside the same transaction,
 * so a node that paused past its lease (GC, a partition) cannot write after another took over.
 */
export class LeaderLease {
  #epoch: number | null = null;

  constructor(
    private readonly db: Db,
    readonly holder: string,
    private readonly now: () => number,
    private readonly leaseMs: number,
  ) {}

  get epoch(): number | null {
    return this.#epoch;
  }

  /** Takes or renews the lease; true while this node leads. */
  async renew(): Promise<boolean> {
    this.#epoch = await this.db.tx((q) => acquireLease(q, this.holder, this.now(), this.leaseMs));
    return this.#epoch !== null;
  }

  /** A fenced leader write: refused (LeaderLost) once another node holds a newer epoch. */
  async write<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const epoch = this.#epoch;
    if (epoch === null) throw new LeaderLost();
    return this.db.tx(async (q) => {
      if (!(await holdsEpoch(q, epoch))) {
        this.#epoch = null;
        throw new LeaderLost();
      }
      return fn(q);
    });
  }

  async release(): Promise<void> {
    const epoch = this.#epoch;
    this.#epoch = null;
    if (epoch !== null) await this.db.tx((q) => releaseLease(q, this.holder, epoch));
  }
}
