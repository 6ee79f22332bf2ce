import { z } from 'zod';
import { ActivityKind } from '../activity/activity-rules';
import { ActivityStatus } from '../activity/activity.schemas';
import {
  AgentApplicationStatus,
  CommissionStatementStatus,
  monthString,
} from '../agent/agent.schemas';
import { RedemptionStatus } from '../mall/mall.schemas';
import { ApprovalStatus } from '../operators/operators.schemas';
import { GrantKind, GrantStatus } from '../rewards/rewards.schemas';

/**
 * The filters of the console's later CSV exports (reports.schemas.ts has the first ones): each
 * is its list's filters without the paging, so the file holds what the list shows.
 */
export const ApprovalExportQuery = z.object({ status: ApprovalStatus.optional() }).strict();
/** Grants of one member (the list's member), or of every member when none is named. */
export const GrantExportQuery = z
  .object({
    memberId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    status: GrantStatus.optional(),
    kind: GrantKind.optional(),
  })
  .strict();
export const StatementExportQuery = z
  .object({ month: monthString.optional(), status: CommissionStatementStatus.optional() })
  .strict();
export const RedemptionExportQuery = z.object({ status: RedemptionStatus.optional() }).strict();
export const ActivityExportQuery = z
  .object({ kind: ActivityKind.optional(), status: ActivityStatus.optional() })
  .strict();
export const AgentApplicationExportQuery = z
  .object({ status: AgentApplicationStatus.optional() })
  .strict();
