import type { AcceptanceService } from '../bets/acceptance.service';
import type { PlacementService } from '../bets/placement.service';
import type { SettlementService } from '../bets/settlement.service';
import type { EventSyncService } from '../events/event-sync.service';
import { LeaderLost, type LeaderLease } from '../../infra/leader-lease.service';
import { TickLoop } from '../../infra/tick-loop';

export interface TickReport {
  leader: boolean;
  added: number;
  changed: number;
  decided: number;
  settled: number;
  /** Liability holds of dead or stalled placements given back. */
  swept: number;
}

/**
 * What the leader does every tick: renew the lease, write the calendar, play the feed, decide
 * in-play bets past their delay, settle what finished and give back the liability holds that
 * dead placements left. Ticks never overlap; a tick that
 * loses the lease stops where it is (its writes are fenced) and the node goes back to serving.
 */
export class LeaderLoop {
  readonly #loop = new TickLoop(() => this.tick());

  constructor(
    private readonly lease: LeaderLease,
    private readonly sync: EventSyncService,
    private readonly acceptance: AcceptanceService,
    private readonly settlement: SettlementService,
    private readonly holds: Pick<PlacementService, 'sweepHolds'>,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  async tick(): Promise<TickReport> {
    const report: TickReport = {
      leader: false,
      added: 0,
      changed: 0,
      decided: 0,
      settled: 0,
      swept: 0,
    };
    try {
      if (!(await this.lease.renew())) return report;
      report.leader = true;
      report.added = await this.sync.syncCalendar(this.lease);
      report.changed = await this.sync.playFeed(this.lease);
      report.decided = await this.acceptance.decideDue();
      report.settled = await this.settlement.settleDue(this.lease);
      report.swept = await this.holds.sweepHolds();
    } catch (err) {
      if (!(err instanceof LeaderLost)) this.onError(err);
    }
    return report;
  }

  start(everyMs: number): void {
    this.#loop.start(everyMs);
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    await this.lease.release();
  }
}
