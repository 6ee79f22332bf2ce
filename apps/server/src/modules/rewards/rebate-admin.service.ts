import { ErrorCode, type RebateRates } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import * as repo from './rebate.repository';
import { percent, ppmOf } from './rebate.service';

/** Operators' rebate rates (contract §5 Rewards): never above the family's lowest house edge. */
export class RebateAdminService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async rates(): Promise<RebateRates> {
    const [families, rates] = await Promise.all([
      repo.readFamilies(this.db),
      repo.readRates(this.db),
    ]);
    return {
      families: families.map((f) => ({
        family: f.family,
        name: f.name,
        minEdgePercent: percent(f.minEdgePpm),
      })),
      list: rates.map((r) => ({
        level: r.level,
        family: r.family,
        ratePercent: percent(r.ratePpm),
      })),
    };
  }

  /**
   * Whether the rate is a raise over the stored one (contract §4.1: a raise waits for a second
   * operator). Checks the input as setting it would — an unknown family or level, a rate above
   * the family's edge (9407) — so a bad change is refused before anything is filed.
   */
  async raises(input: { level: number; family: string; ratePercent: string }): Promise<boolean> {
    const ratePpm = await this.#checked(this.db, input);
    const before = (await repo.readRates(this.db)).find(
      (r) => r.level === input.level && r.family === input.family,
    );
    if (!before)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'level', message: 'unknown' }],
      });
    return ratePpm > before.ratePpm;
  }

  /** Sets one (level, family) rate; above the family's edge it is refused (9407), audited. */
  async setRate(
    op: Actor,
    input: { level: number; family: string; ratePercent: string },
  ): Promise<RebateRates> {
    await this.db.tx((q) => this.setRateIn(q, op, input));
    return this.rates();
  }

  /** `setRate` inside the caller's transaction (an approved request's). */
  async setRateIn(
    q: Queryable,
    op: Actor,
    input: { level: number; family: string; ratePercent: string },
  ): Promise<{ level: number; family: string; ratePercent: string }> {
    const ratePpm = await this.#checked(q, input);
    const before = await repo.writeRate(q, { level: input.level, family: input.family, ratePpm });
    if (before === null)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'level', message: 'unknown' }],
      });
    await this.audit.record(q, {
      actor: op.userName,
      action: 'rebate.rate.set',
      target: `rebate:${input.level}:${input.family}`,
      before: { ratePercent: percent(before) },
      after: { ratePercent: percent(ratePpm) },
    });
    return { level: input.level, family: input.family, ratePercent: percent(ratePpm) };
  }

  async #checked(q: Queryable, input: { family: string; ratePercent: string }): Promise<number> {
    const ratePpm = ppmOf(input.ratePercent);
    const family = (await repo.readFamilies(q)).find((f) => f.family === input.family);
    if (!family)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'family', message: 'unknown' }],
      });
    if (ratePpm > family.minEdgePpm)
      throw new AppError(ErrorCode.RebateRateAboveEdge, {
        minEdgePercent: percent(family.minEdgePpm),
      });
    return ratePpm;
  }
}
