import { z } from 'zod';
import { moneyString, paging, pageOf } from '../core/common';
import { multilineText, text } from '../../rules/text';

/** Agents (contract §5 Agents): applications, the downline, commission statements and rules. */

/** Money that may be negative (NGR, carry-over): a decimal string with exactly two places. */
export const signedMoneyString = z.string().regex(/^-?(0|[1-9]\d{0,15})\.\d{2}$/);
/** A percent with up to two places, 0–100 ("25", "1.5"). */
export const percentString = z
  .string()
  .regex(/^(100(\.0{1,2})?|[1-9]?\d(\.\d{1,2})?)$/, 'invalid percent');
/** A Shanghai month, `YYYYMM`. */
export const monthString = z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'invalid month');

export const AgentApplicationStatus = z.enum(['pending', 'approved', 'rejected']);
export type AgentApplicationStatus = z.infer<typeof AgentApplicationStatus>;

export const AgentApplication = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  userName: z.string(),
  status: AgentApplicationStatus,
  contact: z.string(),
  note: z.string(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type AgentApplication = z.infer<typeof AgentApplication>;

/** The member's standing: their latest application and, once approved, the agent code. */
export const AgentStatus = z.object({
  application: AgentApplication.nullable(),
  agent: z.object({ code: z.string(), approvedAt: z.number().int() }).nullable(),
});
export type AgentStatus = z.infer<typeof AgentStatus>;

export const AgentApplyRequest = z
  .object({ contact: text().min(2).max(40), note: multilineText().max(200).optional() })
  .strict();

export const DownlineScope = z.enum(['direct', 'all']);
export const DownlineQuery = z
  .object({ scope: DownlineScope.default('direct'), ...paging })
  .strict();
export const DownlineMember = z.object({
  userName: z.string(),
  depth: z.number().int(),
  isAgent: z.boolean(),
  registeredAt: z.number().int(),
  /** All deposits credited to date. */
  deposits: moneyString,
  /** Valid turnover of bets settled this Shanghai month. */
  validTurnover: moneyString,
  active: z.boolean(),
});
export type DownlineMember = z.infer<typeof DownlineMember>;
export const DownlinePage = pageOf(DownlineMember);
export type DownlinePage = z.infer<typeof DownlinePage>;

/** A month's commission with every input it was computed from. */
export const CommissionFigures = z.object({
  month: monthString,
  stakes: moneyString,
  payouts: moneyString,
  grants: signedMoneyString,
  rebates: signedMoneyString,
  deposits: moneyString,
  feeRatePercent: z.string(),
  fees: moneyString,
  ngr: signedMoneyString,
  members: z.number().int(),
  active: z.number().int(),
  activeMinTurnover: moneyString,
  carryIn: signedMoneyString,
  net: signedMoneyString,
  carryOut: signedMoneyString,
  ratePercent: z.string(),
  subDeduction: moneyString,
  computed: moneyString,
  amount: moneyString,
});
export type CommissionFigures = z.infer<typeof CommissionFigures>;

export const CommissionStatementStatus = z.enum(['pending', 'paid', 'nil']);
export type CommissionStatementStatus = z.infer<typeof CommissionStatementStatus>;
export const CommissionStatement = CommissionFigures.extend({
  agentId: z.number().int(),
  agentName: z.string(),
  status: CommissionStatementStatus,
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type CommissionStatement = z.infer<typeof CommissionStatement>;
export const CommissionStatementPage = pageOf(CommissionStatement);
export type CommissionStatementPage = z.infer<typeof CommissionStatementPage>;

export const CommissionTier = z.object({
  minActive: z.number().int().min(0).max(100000),
  minNgr: moneyString,
  ratePercent: percentString,
});
export type CommissionTier = z.infer<typeof CommissionTier>;
export const CommissionRules = z.object({
  tiers: z.array(CommissionTier),
  feeRatePercent: percentString,
  activeMinTurnover: moneyString,
  turnoverMultiple: z.number().int().min(0).max(100),
});
export type CommissionRules = z.infer<typeof CommissionRules>;
export const CommissionRulesSetRequest = CommissionRules.extend({
  tiers: z.array(CommissionTier.strict()).min(1).max(10),
}).strict();

/** The agent centre: this month's running figures (not yet a statement) and the rules. */
export const AgentSummary = z.object({
  running: CommissionFigures,
  rules: CommissionRules,
  directCount: z.number().int(),
  allCount: z.number().int(),
});
export type AgentSummary = z.infer<typeof AgentSummary>;

// --- operators
export const AgentApplicationQuery = z
  .object({ status: AgentApplicationStatus.optional(), ...paging })
  .strict();
export const AgentApplicationPage = pageOf(AgentApplication);
export type AgentApplicationPage = z.infer<typeof AgentApplicationPage>;
export const AgentApplicationIdParams = z
  .object({ applicationId: z.coerce.number().int().positive() })
  .strict();
export const AgentApplicationDecideRequest = z
  .object({ approve: z.boolean(), reason: text().max(100).optional() })
  .strict();
export const AgentMoveRequest = z.object({ agentId: z.number().int().positive() }).strict();
export const AgentMoveResult = z.object({
  memberId: z.number().int(),
  agentId: z.number().int(),
  moved: z.number().int(),
});
export const CommissionStatementQuery = z
  .object({
    month: monthString.optional(),
    status: CommissionStatementStatus.optional(),
    ...paging,
  })
  .strict();
export const CommissionStatementParams = z
  .object({ agentId: z.coerce.number().int().positive(), month: monthString })
  .strict();
export const CommissionRunRequest = z.object({ month: monthString }).strict();
export const CommissionRunResult = z.object({ month: monthString, statements: z.number().int() });
export const CommissionOverrideRequest = z
  .object({ amount: moneyString, reason: text().min(2).max(100) })
  .strict();

/** An agent's downline as operators see it (agent.manage): by scope and part of a name. */
export const AdminDownlineFilter = z
  .object({ scope: DownlineScope.default('direct'), q: text().trim().max(32).optional() })
  .strict();
export const AdminDownlineQuery = AdminDownlineFilter.extend({ ...paging }).strict();
export const AdminDownlineMember = DownlineMember.extend({ memberId: z.number().int() });
export const AdminDownlinePage = pageOf(AdminDownlineMember);
export type AdminDownlinePage = z.infer<typeof AdminDownlinePage>;
export const AgentDownlineExportQuery = AdminDownlineFilter.extend({
  agentId: z.coerce.number().int().positive().max(2_147_483_647),
}).strict();
