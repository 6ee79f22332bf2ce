import { randomBytes } from 'node:crypto';
import type { Db } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { BetSyncService } from '../bets/bet-sync.service';
import type { JsonCacheService } from '../json-cache/json-cache.service';
import type { TransferResolverService } from '../transfer/transfer-resolver.service';
import { releaseLease, takeLease } from './lease.repository';
import type { ScoreFeedService } from './score-feed.service';
import type { SummaryService } from './summary.service';

const LEASE = 'venue-worker';
const LEASE_MS = 15_000;

export interface WorkerDeps {
  db: Db;
  clock: Clock;
  resolver: TransferResolverService;
  bets: BetSyncService;
  scores: ScoreFeedService;
  summary: SummaryService;
  jsonCache: JsonCacheService;
  /** The audit chain's hourly checkpoint, written by the lease holder only. */
  auditCheckpoints: { maybeWrite(): Promise<unknown> };
  log: FastifyBaseLogger;
}

/**
 * The venues' background work, on one node at a time (a lease in the database, taken over
 * when its holder stops renewing): the transfer resolver — every pending transfer asked once
 * as soon as this node takes the lease (start-up), then those due — bet and score feeds, the
 * platform counts, json-cache expiry, the audit chain's hourly checkpoint.
 */
export class VenueWorker {
  readonly #holder = randomBytes(8).toString('hex');
  #leading = false;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #ticks = 0;

  constructor(private readonly d: WorkerDeps) {}

  start(intervalMs = 2000): void {
    const run = () => {
      this.#running = this.tick()
        .then(() => undefined)
        .catch((err: unknown) => this.d.log.error({ err }, 'venue worker tick failed'))
        .finally(() => {
          this.#running = null;
        });
    };
    run();
    this.#timer = setInterval(() => {
      if (!this.#running) run();
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
    if (this.#leading) await releaseLease(this.d.db, LEASE, this.#holder).catch(() => undefined);
    this.#leading = false;
  }

  /** One round; false when another node holds the lease. */
  async tick(): Promise<boolean> {
    const now = this.d.clock.now();
    const held = await this.d.db.tx((q) => takeLease(q, LEASE, this.#holder, now, now + LEASE_MS));
    if (!held) {
      this.#leading = false;
      return false;
    }
    const first = !this.#leading;
    this.#leading = true;
    this.#ticks += 1;
    await this.d.resolver.resolveDue({ all: first });
    await this.d.bets.pullAll();
    await this.d.scores.pull();
    if (first || this.#ticks % 15 === 0) await this.d.summary.refresh();
    if (this.#ticks % 30 === 0) await this.d.jsonCache.purge();
    await this.d.auditCheckpoints.maybeWrite();
    return true;
  }
}
