import { ErrorCode, fenToYuanString, parseMoney, type Turnover } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { SettingsService } from '../settings/settings.service';
import { addRequirements, addTurnover, turnoverItems, turnoverTotals } from './turnover.repository';
import {
  bucketsByReference,
  closeBuckets,
  insertBucket,
  insertBuckets,
  lockBucket,
  lockFilledBuckets,
  lockOpenBuckets,
  openMissing,
  setFilled,
  type BucketRow,
} from './turnover-bucket.repository';

export type { BucketRow } from './turnover-bucket.repository';

/**
 * The turnover requirement (the member site's audit page, contract §5 Rewards) as buckets: each
 * credited deposit and each paid grant with a multiple opens a bucket of multiple × its amount;
 * valid turnover from settled bets fills the open buckets oldest first; a reversal takes back
 * from the newest filled ones; withdrawals wait while any bucket is open; operators waive.
 * `turnover_entries` keeps every movement for the member's page.
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
    await this.#require(q, memberId, amount, 'deposit', `turnover:${reference}`, '存款流水要求');
  }

  /**
   * Opens the bucket of a paid grant (multiple × amount), inside the paying transaction; its
   * reference is `turnover:{grant reference}`.
   */
  async requireForGrant(
    q: Queryable,
    memberId: number,
    amount: bigint,
    grantReference: string,
    note: string,
  ): Promise<void> {
    await this.#require(q, memberId, amount, 'grant', `turnover:${grantReference}`, note);
  }

  /** `requireForGrant` for a job's batch of paid grants: two statements for the lot. */
  async requireForGrants(
    q: Queryable,
    grants: { memberId: number; amount: bigint; grantReference: string; note: string }[],
  ): Promise<void> {
    const now = this.clock.now();
    const rows = grants
      .filter((g) => g.amount > 0n)
      .map((g) => ({ ...g, reference: `turnover:${g.grantReference}` }));
    const written = await addRequirements(q, rows, now);
    await insertBuckets(
      q,
      rows
        .filter((r) => written.has(r.reference))
        .map((r) => ({
          memberId: r.memberId,
          source: 'grant' as const,
          reference: r.reference,
          required: r.amount,
        })),
      now,
    );
  }

  async #require(
    q: Queryable,
    memberId: number,
    amount: bigint,
    source: 'deposit' | 'grant',
    reference: string,
    note: string,
  ): Promise<void> {
    if (amount <= 0n) return;
    const now = this.clock.now();
    if (await addTurnover(q, { memberId, kind: 'require', amount, reference, note, now }))
      await insertBucket(q, { memberId, source, reference, required: amount, now });
  }

  /**
   * Valid turnover from a settled bet (fed by the venues' bets, with the venue's family): fills
   * open buckets oldest first. It counts on the bet's `settledAt` (the rebate's Shanghai day),
   * never later than now: a venue's clock is not trusted into the future, and a bet learned of
   * after its day's rebate job ran is still rebated, by the next day's (bases are cumulative).
   */
  async addValid(
    q: Queryable,
    memberId: number,
    amount: bigint,
    reference: string,
    note: string,
    family: string | null = null,
    settledAt: number | null = null,
  ): Promise<void> {
    if (amount <= 0n) return;
    const now = this.clock.now();
    const at = settledAt === null ? now : Math.min(settledAt, now);
    const entry = {
      memberId,
      kind: 'turnover' as const,
      amount,
      reference,
      note,
      now: at,
      family,
    };
    if (!(await addTurnover(q, entry))) return;
    let left = amount;
    for (const b of await lockOpenBuckets(q, memberId)) {
      if (left === 0n) break;
      const take = b.required - b.filled < left ? b.required - b.filled : left;
      left -= take;
      await setFilled(q, b.id, b.filled + take, b.filled + take === b.required, now);
    }
  }

  /**
   * Takes back valid turnover credited earlier (a voided or resettled bet, a hedge found): the
   * newest filled buckets give it back, and a bucket that was done opens again.
   */
  async reverseValid(
    q: Queryable,
    memberId: number,
    amount: bigint,
    reference: string,
    note: string,
    family: string | null = null,
  ): Promise<void> {
    if (amount <= 0n) return;
    const now = this.clock.now();
    const entry = { memberId, kind: 'reverse' as const, amount, reference, note, now, family };
    if (!(await addTurnover(q, entry))) return;
    let left = amount;
    for (const b of await lockFilledBuckets(q, memberId)) {
      if (left === 0n) break;
      const take = b.filled < left ? b.filled : left;
      left -= take;
      await setFilled(q, b.id, b.filled - take, false, now);
    }
  }

  /** What the open buckets still need: a withdrawal waits while it is above zero. */
  missing(q: Queryable, memberId: number): Promise<bigint> {
    return openMissing(q, memberId);
  }

  /**
   * An operator waives what is missing now: every open bucket closes. Never more than `cap`,
   * the amount the waiver was valued (and approved) at: a requirement that grew since is
   * refused (9775) with nothing closed; one played down since waives what is left.
   */
  async waive(
    q: Queryable,
    memberId: number,
    reason: string,
    actor: string,
    cap: bigint,
  ): Promise<bigint> {
    const open = await lockOpenBuckets(q, memberId);
    const missing = open.reduce((sum, b) => sum + b.required - b.filled, 0n);
    if (missing > cap)
      throw new AppError(ErrorCode.TurnoverWaiverChanged, {
        missing: fenToYuanString(missing),
        valued: fenToYuanString(cap),
      });
    const now = this.clock.now();
    if (missing > 0n) {
      await addTurnover(q, {
        memberId,
        kind: 'waive',
        amount: missing,
        reference: `waive:${memberId}:${now}`,
        note: `${actor}：${reason}`,
        now,
      });
    }
    await closeBuckets(
      q,
      open.map((b) => b.id),
      'waived',
      now,
    );
    return missing;
  }

  /**
   * The member gives up a grant (放弃优惠): its open bucket closes. Answers the bucket as it
   * was, or null when the grant has no open bucket.
   */
  async giveUp(q: Queryable, grantReference: string): Promise<BucketRow | null> {
    const b = await lockBucket(q, `turnover:${grantReference}`);
    if (!b || b.status !== 'open') return null;
    await closeBuckets(q, [b.id], 'given_up', this.clock.now());
    return b;
  }

  /** The buckets of these grants (by grant reference), for the member's 福利记录. */
  async bucketsOfGrants(q: Queryable, grantReferences: string[]): Promise<Map<string, BucketRow>> {
    const found = await bucketsByReference(
      q,
      grantReferences.map((r) => `turnover:${r}`),
    );
    return new Map([...found].map(([ref, b]) => [ref.slice('turnover:'.length), b]));
  }

  async view(memberId: number, q: Queryable = this.db): Promise<Turnover> {
    const [t, items, settings, missing] = await Promise.all([
      turnoverTotals(q, memberId),
      turnoverItems(q, memberId, 50),
      this.settings.get(),
      openMissing(q, memberId),
    ]);
    const completed = t.turnover > t.reverse ? t.turnover - t.reverse : 0n;
    return {
      required: fenToYuanString(t.require),
      completed: fenToYuanString(completed),
      waived: fenToYuanString(t.waive),
      missing: fenToYuanString(missing),
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
