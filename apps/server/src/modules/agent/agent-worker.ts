import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { monthOf, monthRange, previousMonth } from './commission-math';
import type { CommissionService } from './commission.service';

/** Statements are made from 04:00 Asia/Shanghai on the 1st, when late settlements are in. */
const RUN_AFTER_MS = 4 * 3600_000;

/**
 * Starts the monthly commission job (contract §5 Agents) once last month is over and its hour
 * has come. Every node may run it: each (agent, month) statement is stored once, first writer
 * wins, so a second run changes nothing.
 */
export class AgentWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #done: string | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly commission: CommissionService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs = 60_000): void {
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.tick()
        .catch((err: unknown) => this.log.error({ err }, 'commission job failed'))
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
    const month = previousMonth(monthOf(now));
    if (this.#done === month || now < monthRange(month)[1] + RUN_AFTER_MS) return;
    await this.commission.runMonth(month);
    this.#done = month;
  }
}
