import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '@nebula/db';
import {
  ErrorCode,
  LuckyFlipRule,
  fenToYuanString,
  parseMoney,
  type LuckyFlipRecord,
  type LuckyFlipRotateResult,
  type LuckyFlipSeeds,
  type LuckyFlipView,
} from '@nebula/protocol';
import { hexToBytes } from '@nebula/protocol/fair/bytes';
import { luckyFlipDraw } from '@nebula/protocol/fair/lucky-flip-draw';
import { checkClientSeed, seedCommitment } from '@nebula/protocol/fair/player-seeds';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { GrantService } from '../rewards/grant.service';
import type { ActivityService } from './activity.service';
import type { ActivitySource, KindActivity } from './flip-friends.activity-source';
import { rewardStanding } from './flip-friends.standing';
import * as repo from './lucky-flip.repository';

export interface LuckyFlipDeps {
  db: Db;
  clock: Clock;
  grants: GrantService;
  eligibility: EligibilityService;
  activities: ActivitySource;
  framework: ActivityService;
}

const FLIPS_SHOWN = 50;
const NO_PRIZE = '谢谢参与';

/** A fresh pair: 32 random bytes committed by their SHA-256; the client seed kept or random. */
const newPair = (clientSeed?: string): repo.NewFlipPair => {
  const seed = randomBytes(32);
  return {
    serverSeed: seed.toString('hex'),
    commitment: seedCommitment(seed),
    clientSeed: clientSeed ?? randomBytes(12).toString('base64url'),
  };
};

/** Chances earned by the rule from the window's deposits and turnover (capped). */
export function earnedChances(
  rule: LuckyFlipRule,
  totals: { deposited: bigint; turnover: bigint },
): number {
  const per = (amount: bigint, unit: string | null) => {
    if (unit === null || amount <= 0n) return 0n;
    return amount / parseMoney(unit);
  };
  const n =
    per(totals.deposited, rule.depositPerChance) + per(totals.turnover, rule.turnoverPerChance);
  const cap = rule.maxChances === null ? n : BigInt(rule.maxChances);
  return Number(n < cap ? n : cap);
}

/**
 * 幸运翻牌 (contract §5 Rewards): chances are earned minus used, computed from data under the
 * member's lock row so parallel flips cannot spend one chance twice; the prize is drawn by
 * weight with the protocol's fair functions from the member's seed pair and nonce, its stock
 * taken by a conditional update (none left: 谢谢参与), and paid as a grant of kind 'flip'.
 */
export class LuckyFlipService {
  constructor(private readonly d: LuckyFlipDeps) {}

  async view(memberId: number, activityId?: number): Promise<LuckyFlipView> {
    const now = this.d.clock.now();
    await this.d.db.tx((q) => repo.ensurePlayer(q, memberId, newPair(), now));
    const q = this.d.db;
    const activity = await this.d.activities.pick(q, 'luckyFlip', now, activityId);
    const eligibility = await rewardStanding(this.d.eligibility, q, memberId);
    const seeds = await this.#seeds(q, memberId);
    if (!activity) {
      return {
        activity: null,
        eligibility,
        chances: { earned: 0, used: 0, remaining: 0 },
        deposited: '0.00',
        turnover: '0.00',
        depositPerChance: null,
        turnoverPerChance: null,
        prizes: [],
        seeds,
        flips: (await repo.listFlips(q, memberId, {}, FLIPS_SHOWN)).map(present),
      };
    }
    const rule = LuckyFlipRule.parse(activity.rule);
    const totals = await this.#totals(q, memberId, activity, now);
    const earned = earnedChances(rule, totals);
    const used = await repo.countFlips(q, activity.id, memberId);
    const left = await repo.stockLeft(q, activity.id);
    return {
      activity: heading(activity),
      eligibility,
      chances: { earned, used, remaining: Math.max(0, earned - used) },
      deposited: fenToYuanString(totals.deposited),
      turnover: fenToYuanString(totals.turnover),
      depositPerChance: rule.depositPerChance,
      turnoverPerChance: rule.turnoverPerChance,
      prizes: rule.prizes.map((p) => ({
        id: p.id,
        label: p.label,
        amount: fenToYuanString(parseMoney(p.amount)),
        weight: p.weight,
        stockLeft: p.stock === null ? null : (left.get(p.id) ?? p.stock),
      })),
      seeds,
      flips: (await repo.listFlips(q, memberId, { activityId: activity.id }, FLIPS_SHOWN)).map(
        present,
      ),
    };
  }

  /** One flip in the caller's transaction (the money unit's). */
  async flip(q: Queryable, memberId: number, activityId: number): Promise<LuckyFlipRecord> {
    const now = this.d.clock.now();
    const activity = await this.d.framework.get(q, activityId);
    if (activity.kind !== 'luckyFlip') throw new AppError(ErrorCode.ActivityWrongKind);
    // The framework's gate: 9413 outside the dates, 9400 when the eligibility gate refuses.
    await this.d.framework.assertEligible(q, memberId, activity, now);
    const rule = LuckyFlipRule.parse(activity.rule);
    await repo.ensurePlayer(q, memberId, newPair(), now);
    const nonce = await repo.lockPlayer(q, memberId);
    const earned = earnedChances(rule, await this.#totals(q, memberId, activity, now));
    if ((await repo.countFlips(q, activityId, memberId)) >= earned)
      throw new AppError(ErrorCode.LuckyFlipNoChance);
    const pair = await repo.currentPair(q, memberId);
    const weights = rule.prizes.map((p) => p.weight);
    const draw = luckyFlipDraw(hexToBytes(pair.serverSeed), pair.clientSeed, nonce, weights);
    const prize = rule.prizes[draw.index]!;
    let outOfStock = false;
    if (prize.stock !== null) {
      await repo.ensureStock(q, activityId, rule.prizes);
      outOfStock = !(await repo.takeStock(q, activityId, prize.id));
    }
    const amount = outOfStock ? 0n : parseMoney(prize.amount);
    await repo.insertFlip(q, {
      memberId,
      nonce,
      activityId,
      seedPairId: pair.id,
      clientSeed: pair.clientSeed,
      weights,
      drawnIndex: draw.index,
      drawnPrizeId: prize.id,
      roll: draw.roll,
      label: outOfStock || amount === 0n ? NO_PRIZE : prize.label,
      amount,
      outOfStock,
      createdAt: now,
    });
    await repo.advanceNonce(q, memberId);
    if (amount > 0n)
      await this.d.grants.create(q, {
        kind: 'flip',
        sourceId: `${activityId}:${memberId}:${nonce}`,
        memberId,
        title: `${activity.title}：${prize.label}`,
        amount,
        turnoverMultiple: rule.turnoverMultiple,
        expiresAt: null,
        auto: true,
      });
    const [row] = await repo.listFlips(q, memberId, { nonce }, 1);
    return present(row!);
  }

  async setClientSeed(memberId: number, clientSeed: string): Promise<LuckyFlipSeeds> {
    const check = checkClientSeed(clientSeed);
    if (!check.ok)
      throw new AppError(ErrorCode.LuckyFlipClientSeedInvalid, { problem: check.problem });
    return this.d.db.tx(async (q) => {
      await repo.ensurePlayer(q, memberId, newPair(), this.d.clock.now());
      await repo.lockPlayer(q, memberId);
      await repo.setClientSeed(q, (await repo.currentPair(q, memberId)).id, check.clientSeed);
      return this.#seeds(q, memberId);
    });
  }

  /** Reveals the current server seed (every flip made with it can now be verified). */
  async rotate(memberId: number): Promise<LuckyFlipRotateResult> {
    return this.d.db.tx(async (q) => {
      const now = this.d.clock.now();
      await repo.ensurePlayer(q, memberId, newPair(), now);
      await repo.lockPlayer(q, memberId);
      const old = await repo.currentPair(q, memberId);
      await repo.rotate(q, memberId, old.id, newPair(old.clientSeed), now);
      return {
        revealed: {
          serverSeed: old.serverSeed,
          serverSeedCommitment: old.commitment,
          clientSeed: old.clientSeed,
        },
        seeds: await this.#seeds(q, memberId),
      };
    });
  }

  async #seeds(q: Queryable, memberId: number): Promise<LuckyFlipSeeds> {
    const pair = await repo.currentPair(q, memberId);
    return {
      serverSeedCommitment: pair.commitment,
      clientSeed: pair.clientSeed,
      nonce: await repo.nextNonce(q, memberId),
    };
  }

  #totals(q: Queryable, memberId: number, a: KindActivity, now: number) {
    return repo.windowTotals(q, memberId, a.startsAt, Math.min(a.endsAt, now + 1));
  }
}

export const heading = (a: KindActivity) => ({
  id: a.id,
  title: a.title,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
});

const present = (f: repo.FlipRow): LuckyFlipRecord => ({
  nonce: f.nonce,
  drawnIndex: f.drawnIndex,
  drawnPrizeId: f.drawnPrizeId,
  roll: f.roll,
  label: f.label,
  amount: fenToYuanString(f.amount),
  outOfStock: f.outOfStock,
  clientSeed: f.clientSeed,
  serverSeedCommitment: f.commitment,
  serverSeed: f.serverSeed,
  weights: f.weights,
  createdAt: f.createdAt,
});
