import { ErrorCode, type RebateRates } from '@nebula/protocol';
import type { Db } from '@nebula/db';
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

  /** Sets one (level, family) rate; above the family's edge it is refused (9407), audited. */
  async setRate(
    op: Actor,
    input: { level: number; family: string; ratePercent: string },
  ): Promise<RebateRates> {
    const ratePpm = ppmOf(input.ratePercent);
    await this.db.tx(async (q) => {
      const family = (await repo.readFamilies(q)).find((f) => f.family === input.family);
      if (!family)
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'family', message: 'unknown' }],
        });
      if (ratePpm > family.minEdgePpm)
        throw new AppError(ErrorCode.RebateRateAboveEdge, {
          minEdgePercent: percent(family.minEdgePpm),
        });
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
    });
    return this.rates();
  }
}
