import {
  ErrorCode,
  fenToYuanString,
  type Eligibility,
  type Grant,
  type GrantKind,
  type GrantPage,
  type GrantStatus,
  type GiftRecordPage,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { BucketRow, TurnoverService } from '../wallet/turnover.service';
import * as repo from './grant.repository';
import { pageGiftRecords } from './gift-record.repository';
import { shanghaiDayRange } from '../../lib/shanghai-time';

export interface GrantInput {
  kind: GrantKind;
  /** Unique per kind: the period, level or event the grant is for. */
  sourceId: string;
  memberId: number;
  title: string;
  amount: bigint;
  turnoverMultiple: number;
  expiresAt: number | null;
  /** Paid at creation (a job's grant); otherwise available until the member claims it. */
  auto: boolean;
  requireRealName?: boolean;
}

export interface GrantDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  turnover: TurnoverService;
  eligibility: EligibilityService;
}

/** The ledger reference of a grant's payment (contract §5 Rewards). */
export const grantReference = (g: { kind: GrantKind; sourceId: string }) =>
  `grant:${g.kind}:${g.sourceId}`;

/**
 * Grants (contract §5 Rewards): every reward is one row unique per (kind, source), paid once
 * through the ledger (house bonuses → member main) at the member's claim or, for automatic
 * grants, at creation; a paid grant with a multiple opens a turnover bucket. Nothing is
 * created, claimed or paid for a member the eligibility gate refuses.
 */
export class GrantService {
  constructor(private readonly d: GrantDeps) {}

  /**
   * Creates a grant inside the caller's transaction (and pays it when automatic). Answers null
   * when the member is not eligible: nothing is written. A re-run finds the first row and
   * changes nothing.
   */
  async create(q: Queryable, g: GrantInput): Promise<repo.GrantRow | null> {
    if (g.amount <= 0n) return null;
    const v = await this.d.eligibility.check(q, g.memberId, 'reward', {
      requireRealName: g.requireRealName ?? false,
    });
    if (!v.eligible) return null;
    const { grant, created } = await repo.insertGrant(q, { ...g, now: this.d.clock.now() });
    if (!created || !g.auto) return grant;
    await this.#pay(q, grant);
    return { ...grant, status: 'paid', paidAt: this.d.clock.now() };
  }

  /**
   * `create` for a job's batch of automatic grants, inside the caller's transaction: one
   * eligibility read for the lot, the rows in one statement, their payments as one ledger batch
   * (a posting per member, references as `create` makes them), their turnover buckets. Answers
   * the ids of the members paid now; members the gate refuses get nothing written, and a re-run
   * finds the first rows and pays nothing again.
   */
  async createAutoMany(
    q: Queryable,
    gs: Omit<GrantInput, 'auto' | 'expiresAt' | 'requireRealName'>[],
  ): Promise<Set<number>> {
    const positive = gs.filter((g) => g.amount > 0n);
    const ok = await this.d.eligibility.rewardableAmong(
      q,
      positive.map((g) => g.memberId),
    );
    const now = this.d.clock.now();
    const made = await repo.insertPaidGrants(
      q,
      positive.filter((g) => ok.has(g.memberId)),
      now,
    );
    await this.d.ledger.postMany(
      q,
      made.map((g) => ({
        reference: grantReference(g),
        kind: 'bonus',
        memo: g.title,
        memberId: g.memberId,
        postings: [
          { account: { memberId: g.memberId, kind: 'main' as const }, amount: g.amount },
          { account: { house: 'bonuses' as const }, amount: -g.amount },
        ],
      })),
    );
    await this.d.turnover.requireForGrants(
      q,
      made.map((g) => ({
        memberId: g.memberId,
        amount: g.amount * BigInt(g.turnoverMultiple),
        grantReference: grantReference(g),
        note: `${g.title} 流水要求`,
      })),
    );
    return new Set(made.map((g) => g.memberId));
  }

  async #pay(q: Queryable, g: repo.GrantRow): Promise<void> {
    const reference = grantReference(g);
    await this.d.ledger.post(q, {
      reference,
      kind: 'bonus',
      memo: g.title,
      memberId: g.memberId,
      postings: [
        { account: { memberId: g.memberId, kind: 'main' }, amount: g.amount },
        { account: { house: 'bonuses' }, amount: -g.amount },
      ],
    });
    await repo.markPaid(q, g.id, this.d.clock.now());
    if (g.turnoverMultiple > 0)
      await this.d.turnover.requireForGrant(
        q,
        g.memberId,
        g.amount * BigInt(g.turnoverMultiple),
        reference,
        `${g.title} 流水要求`,
      );
  }

  /** The member claims (领取) an available grant of theirs: paid now, once. */
  async claim(q: Queryable, memberId: number, grantId: number): Promise<Grant> {
    const g = await repo.lockGrant(q, grantId);
    if (!g || g.memberId !== memberId) throw new AppError(ErrorCode.GrantNotFound);
    if (statusAt(g, this.d.clock.now()) === 'expired') throw new AppError(ErrorCode.GrantExpired);
    if (g.status !== 'available') throw new AppError(ErrorCode.GrantNotAvailable);
    await this.d.eligibility.assert(q, memberId, 'reward');
    await this.#pay(q, g);
    return this.#one(q, g.id);
  }

  /**
   * 放弃优惠: the member gives up a paid grant whose bucket is still open. Its amount, up to the
   * main balance, goes back to the house and the bucket closes, so withdrawals no longer wait
   * for it.
   */
  async giveUp(q: Queryable, memberId: number, grantId: number): Promise<Grant> {
    const g = await repo.lockGrant(q, grantId);
    if (!g || g.memberId !== memberId) throw new AppError(ErrorCode.GrantNotFound);
    if (g.status !== 'paid') throw new AppError(ErrorCode.GrantNoOpenBucket);
    const bucket = await this.d.turnover.giveUp(q, grantReference(g));
    if (!bucket) throw new AppError(ErrorCode.GrantNoOpenBucket);
    const main = (await this.d.ledger.balances(q, memberId)).main;
    const back = main < g.amount ? main : g.amount;
    if (back > 0n)
      await this.d.ledger.post(q, {
        reference: `grant-forfeit:${g.kind}:${g.sourceId}`,
        kind: 'bonus',
        memo: `放弃优惠：${g.title}`,
        memberId,
        postings: [
          { account: { memberId, kind: 'main' }, amount: -back },
          { account: { house: 'bonuses' }, amount: back },
        ],
      });
    await repo.markForfeited(q, g.id, back, this.d.clock.now());
    return this.#one(q, g.id);
  }

  /** Whether the member may receive rewards now, and why not (the pages say it). */
  /** Whether the reward gate lets this member receive a grant now (unknown members: no). */
  async mayReceive(q: Queryable, memberId: number): Promise<boolean> {
    return (await this.d.eligibility.check(q, memberId, 'reward')).eligible;
  }

  async standing(memberId: number): Promise<Eligibility> {
    const v = await this.d.eligibility.check(this.d.db, memberId, 'reward');
    return v.eligible
      ? { eligible: true, reason: null, endsAt: null }
      : { eligible: false, reason: v.reason, endsAt: v.endsAt };
  }

  async page(
    memberId: number,
    f: { status?: GrantStatus; kind?: GrantKind; page: number; pageSize: number },
  ): Promise<GrantPage> {
    const { list, total } = await repo.pageGrants(this.d.db, {
      memberId,
      status: f.status,
      kind: f.kind,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    return { list: await this.present(this.d.db, list), total, page: f.page, pageSize: f.pageSize };
  }

  /** 礼物记录: the member's chat gifts with the COIN each moved. */
  async giftRecords(
    memberId: number,
    f: { from?: string; to?: string; page: number; pageSize: number },
  ): Promise<GiftRecordPage> {
    const { list, total } = await pageGiftRecords(this.d.db, {
      memberId,
      from: f.from ? shanghaiDayRange(f.from)[0] : null,
      to: f.to ? shanghaiDayRange(f.to)[1] : null,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    return {
      list: list.map((g) => ({ ...g, id: Number(g.id), coin: g.coin.toString() })),
      total,
      page: f.page,
      pageSize: f.pageSize,
    };
  }

  /** Grants with their buckets, as the member and operators see them. */
  async present(q: Queryable, rows: repo.GrantRow[]): Promise<Grant[]> {
    const buckets = await this.d.turnover.bucketsOfGrants(q, rows.map(grantReference));
    const now = this.d.clock.now();
    return rows.map((g) => present(g, buckets.get(grantReference(g)) ?? null, now));
  }

  async #one(q: Queryable, id: number): Promise<Grant> {
    const [g] = await this.present(q, [(await repo.getGrant(q, id))!]);
    return g!;
  }
}

/** An available grant past its expiry reads as expired (and can no longer be claimed). */
const statusAt = (g: repo.GrantRow, now: number): GrantStatus =>
  g.status === 'available' && g.expiresAt !== null && g.expiresAt <= now ? 'expired' : g.status;

function present(g: repo.GrantRow, b: BucketRow | null, now: number): Grant {
  return {
    id: g.id,
    kind: g.kind,
    title: g.title,
    amount: fenToYuanString(g.amount),
    turnoverMultiple: g.turnoverMultiple,
    bucket: b && {
      required: fenToYuanString(b.required),
      filled: fenToYuanString(b.filled),
      status: b.status,
    },
    status: statusAt(g, now),
    createdAt: g.createdAt,
    expiresAt: g.expiresAt,
    paidAt: g.paidAt,
    forfeited: g.forfeited === null ? null : fenToYuanString(g.forfeited),
  };
}
