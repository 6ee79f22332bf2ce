import { ErrorCode, type PointsAdjustResult, type PointsRates } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { randomId } from '../../lib/tokens';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import * as repo from './points.repository';

/**
 * Operators' side of points (contract §5 Points mall): the earning rate of each family, and a
 * manual adjustment (积分调整: a goodwill credit, a correction) — one ledger transaction
 * `points:adjust:…` against the house's points, never below zero, audited in its transaction.
 */
export class PointsAdminService {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      ledger: LedgerService;
      audit: AuditService;
      members: MemberService;
    },
  ) {}

  async rates(): Promise<PointsRates> {
    const [list, expireDays] = await Promise.all([
      repo.readRates(this.d.db),
      repo.readExpireDays(this.d.db),
    ]);
    return {
      list: list.map((r) => ({
        family: r.family,
        name: r.name,
        pointsPerYuan: milliText(r.rateMilli),
      })),
      expireDays,
    };
  }

  /**
   * Whether the rate is a raise over the stored one (contract §4.1: a raise waits for a second
   * operator); a family without a rate is refused here, before anything is filed.
   */
  async raises(input: { family: string; pointsPerYuan: string }): Promise<boolean> {
    const before = (await repo.readRates(this.d.db)).find((r) => r.family === input.family);
    if (!before)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'family', message: 'unknown' }],
      });
    return milliOf(input.pointsPerYuan) > before.rateMilli;
  }

  async setRate(op: Actor, input: { family: string; pointsPerYuan: string }): Promise<PointsRates> {
    await this.d.db.tx((q) => this.setRateIn(q, op, input));
    return this.rates();
  }

  /** `setRate` inside the caller's transaction (an approved request's). */
  async setRateIn(
    q: Queryable,
    op: Actor,
    input: { family: string; pointsPerYuan: string },
  ): Promise<{ family: string; pointsPerYuan: string }> {
    const milli = milliOf(input.pointsPerYuan);
    const before = await repo.writeRate(q, input.family, milli);
    if (before === null)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'family', message: 'unknown' }],
      });
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'mall.points-rate.set',
      target: `points-rate:${input.family}`,
      before: { pointsPerYuan: milliText(before) },
      after: { pointsPerYuan: milliText(milli) },
    });
    return { family: input.family, pointsPerYuan: milliText(milli) };
  }

  /**
   * The points an adjustment moves, for the four-eyes gate (contract §4.1); bad input is
   * refused here, before anything is filed.
   */
  async adjustValue(
    memberId: number,
    input: { points: string },
  ): Promise<{ asset: 'POINTS'; units: bigint }> {
    return { asset: 'POINTS', units: await this.#checked(this.d.db, memberId, input.points) };
  }

  async #checked(q: Queryable, memberId: number, points: string): Promise<bigint> {
    if (!(await this.d.members.exists(q, memberId)))
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'memberId', message: 'unknown member' }],
      });
    const units = BigInt(points);
    if (units <= 0n)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'points', message: 'must be positive' }],
      });
    return units;
  }

  /**
   * Credits or debits a member's points; a debit past the balance is refused (9523). An
   * approved request passes its own reference (`approval:{id}`), so it posts once.
   */
  async adjust(
    q: Queryable,
    op: Actor,
    memberId: number,
    input: { direction: 'credit' | 'debit'; points: string; reason: string },
    reference = `points:adjust:${memberId}:${this.d.clock.now()}:${randomId(6)}`,
  ): Promise<PointsAdjustResult> {
    const units = await this.#checked(q, memberId, input.points);
    const signed = input.direction === 'credit' ? units : -units;
    try {
      await this.d.ledger.post(q, {
        reference,
        kind: 'pointsAdjust',
        memo: input.reason,
        memberId,
        postings: [
          { account: { memberId, kind: 'points' }, amount: signed },
          { account: { house: 'pointsIssuance' }, amount: -signed },
        ],
      });
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.InsufficientBalance)
        throw new AppError(ErrorCode.MallPointsInsufficient);
      throw err;
    }
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'mall.points.adjust',
      target: `member:${memberId}`,
      before: null,
      after: { ...input, reference },
    });
    const points = (await this.d.ledger.balances(q, memberId)).points;
    return { reference, points: points.toString() };
  }
}

/** Thousandths as a decimal string with up to three places (1500 → "1.5"). */
function milliText(milli: number): string {
  const frac = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac ? `${Math.floor(milli / 1000)}.${frac}` : `${Math.floor(milli / 1000)}`;
}

/** Points per yuan ("1.25") as thousandths (1250). */
function milliOf(pointsPerYuan: string): number {
  const [w, f = ''] = pointsPerYuan.split('.');
  return Number(w) * 1000 + Number(f.padEnd(3, '0'));
}
