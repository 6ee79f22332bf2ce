import { fenToYuanString, parseMoney, type Turnover } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { SettingsService } from '../settings/settings.service';
import { addTurnover, turnoverItems, turnoverTotals } from './turnover.repository';

/**
 * The turnover requirement (the member site's audit page, contract §5): each credited deposit requires multiplier × its
 * amount of valid turnover before a withdrawal; settled bets complete it; operators waive it.
 */
export class TurnoverService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  /** Adds the requirement of a credited deposit, inside the crediting transaction. */
  async requireFor(
    q: Queryable,
    memberId: number,
    depositFen: bigint,
    reference: string,
  ): Promise<void> {
    const multiplierHundredths = parseMoney((await this.settings.get()).turnoverMultiplier);
    const amount = (depositFen * multiplierHundredths) / 100n;
    if (amount > 0n)
      await addTurnover(q, {
        memberId,
        kind: 'require',
        amount,
        reference: `turnover:${reference}`,
        note: '存款流水要求',
        now: this.clock.now(),
      });
  }

  /** Valid turnover from a settled bet (fed by the sportsbook). */
  async addValid(
    q: Queryable,
    memberId: number,
    amount: bigint,
    reference: string,
    note: string,
  ): Promise<void> {
    if (amount > 0n)
      await addTurnover(q, {
        memberId,
        kind: 'turnover',
        amount,
        reference,
        note,
        now: this.clock.now(),
      });
  }

  /** Takes back valid turnover credited earlier (a voided or resettled bet, a hedge found). */
  async reverseValid(
    q: Queryable,
    memberId: number,
    amount: bigint,
    reference: string,
    note: string,
  ): Promise<void> {
    if (amount > 0n)
      await addTurnover(q, {
        memberId,
        kind: 'reverse',
        amount,
        reference,
        note,
        now: this.clock.now(),
      });
  }

  async missing(q: Queryable, memberId: number): Promise<bigint> {
    const t = await turnoverTotals(q, memberId);
    const left = t.require - (t.turnover - t.reverse) - t.waive;
    return left > 0n ? left : 0n;
  }

  /** An operator waives what is missing now. */
  async waive(q: Queryable, memberId: number, reason: string, actor: string): Promise<bigint> {
    const missing = await this.missing(q, memberId);
    if (missing > 0n) {
      await addTurnover(q, {
        memberId,
        kind: 'waive',
        amount: missing,
        reference: `waive:${memberId}:${this.clock.now()}`,
        note: `${actor}：${reason}`,
        now: this.clock.now(),
      });
    }
    return missing;
  }

  async view(memberId: number, q: Queryable = this.db): Promise<Turnover> {
    const [t, items, settings] = await Promise.all([
      turnoverTotals(q, memberId),
      turnoverItems(q, memberId, 50),
      this.settings.get(),
    ]);
    const completed = t.turnover > t.reverse ? t.turnover - t.reverse : 0n;
    const left = t.require - completed - t.waive;
    return {
      required: fenToYuanString(t.require),
      completed: fenToYuanString(completed),
      waived: fenToYuanString(t.waive),
      missing: fenToYuanString(left > 0n ? left : 0n),
      multiplier: settings.turnoverMultiplier,
      items: items.map((i) => ({
        time: i.at.getTime(),
        kind: i.kind,
        amount: fenToYuanString(i.amount),
        note: i.note,
      })),
    };
  }
}
