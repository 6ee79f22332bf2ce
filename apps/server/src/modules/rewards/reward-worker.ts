import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { periodStart } from '../../lib/shanghai-time';
import type { RebateService } from './rebate.service';
import type { VipJobService } from './vip-job.service';
import { VIP_REVIEW_HOUR } from './vip.service';

/** How often the friend jobs look for invitations and peak-bet windows to pay. */
const FRIEND_JOBS_EVERY_MS = 10 * 60_000;

/**
 * Starts the daily reward jobs once their hour has come (04:00 Asia/Shanghai: yesterday's 返水,
 * then the VIP review, then yesterday's points; contract §5 Rewards). Every node may run it: a job's period runs once (reward_job_runs) and each
 * member's review serialises on their VIP row, so two nodes at once pay nothing twice.
 */
export class RewardWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  #friendJobsAt = 0;

  constructor(
    private readonly clock: Clock,
    private readonly vip: VipJobService,
    private readonly rebate: RebateService,
    private readonly log: FastifyBaseLogger,
    /**
     * Yesterday's points by (day, family), after the rebate (contract §5 Points mall); passed
     * in by its shape so the rewards module does not import the mall.
     */
    private readonly points: { runDaily(): Promise<unknown> } | null = null,
    /** The friend activities' payouts (idempotent), every FRIEND_JOBS_EVERY_MS. */
    private readonly friends: { runFriendJobs(): Promise<unknown> } | null = null,
  ) {}

  start(intervalMs = 60_000): void {
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.tick()
        .catch((err: unknown) => this.log.error({ err }, 'reward jobs failed'))
        .finally(() => {
          this.#running = null;
        });
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  async tick(): Promise<void> {
    const now = this.clock.now();
    if (this.friends && now - this.#friendJobsAt >= FRIEND_JOBS_EVERY_MS) {
      this.#friendJobsAt = now;
      await this.friends.runFriendJobs();
    }
    if (now < periodStart('day', now) + VIP_REVIEW_HOUR * 3600_000) return;
    // Yesterday's rebate first, at the level the member held that day; then the VIP review.
    await this.rebate.runDaily();
    await this.vip.runDaily();
    await this.points?.runDaily();
  }
}
