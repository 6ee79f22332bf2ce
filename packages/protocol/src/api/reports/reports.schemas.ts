import { z } from 'zod';
import { moneyString } from '../core/common';
import { text } from '../../rules/text';
import { TransferStatusView, venueCodeParam } from '../venues/venues.schemas';

/**
 * The operator console's numbers (docs/contract.md §Operator console): today's dashboard,
 * reports per Shanghai day, the audit chain's verification and the streamed CSV exports. Money
 * is a decimal string with two places; a result that may be negative (GGR, NGR) carries a sign.
 */
export const VENUE_FAMILIES = ['TY', 'ZR', 'DJ', 'CP', 'QP', 'DZ', 'BY'] as const;
export const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/);
export const reportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/**
 * Bets settled on a day at one venue: stakes, payouts, GGR (stakes − payouts), the bonuses
 * allocated to it and NGR (GGR − those bonuses). Bonuses (grants of every kind: activities,
 * rebates, VIP, manual…) are paid to a member, not at a venue, so a member's bonuses paid on a
 * day are allocated to the venues where that member's bets settled that day, in proportion to
 * the stakes (whole fen, the remainder to the venue with the largest stake). A member's bonuses
 * on a day without settled bets belong to no venue: they stay in the site's NGR only, and the
 * report says how much that is (`unallocatedBonuses`). A family's figures are its venues' sums.
 */
export const VenueTakings = z.object({
  family: z.enum(VENUE_FAMILIES),
  venueCode: z.string(),
  venueName: z.string(),
  bets: z.number().int(),
  stakes: moneyString,
  payouts: moneyString,
  ggr: signedMoney,
  bonuses: moneyString,
  ngr: signedMoney,
});
export const FamilyTakings = VenueTakings.omit({ venueCode: true, venueName: true });

/**
 * One Shanghai day: deposits credited, withdrawals paid, bets settled (stakes, payouts, GGR),
 * bonuses paid (grants), NGR = GGR − bonuses, members registered, members who placed a bet.
 */
export const ReportTotals = z.object({
  deposits: moneyString,
  depositCount: z.number().int(),
  withdrawals: moneyString,
  withdrawCount: z.number().int(),
  bets: z.number().int(),
  stakes: moneyString,
  payouts: moneyString,
  ggr: signedMoney,
  bonuses: moneyString,
  ngr: signedMoney,
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
});
export const ReportDayRow = ReportTotals.extend({ date: z.string() });
export type ReportDayRow = z.infer<typeof ReportDayRow>;

export const Dashboard = z.object({
  /** Today, Shanghai time. */
  date: z.string(),
  today: ReportTotals,
  families: z.array(FamilyTakings),
  venues: z.array(VenueTakings),
  /** Work waiting for an operator, one count per queue. */
  pending: z.object({
    realNameReviews: z.number().int(),
    depositsToConfirm: z.number().int(),
    withdrawalsToReview: z.number().int(),
    /** Four-eyes requests not yet approved, rejected or expired. */
    approvalsPending: z.number().int(),
    /** Venue transfers whose outcome the resolver has not settled yet (status pending). */
    transfersStuck: z.number().int(),
    agentApplications: z.number().int(),
    /** Member feedback not yet replied to. */
    feedbackToReply: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** A range of Shanghai days (at most 92), optionally one family or one venue's takings. */
export const ReportQuery = z
  .object({
    from: reportDay,
    to: reportDay,
    family: z.enum(VENUE_FAMILIES).optional(),
    venueCode: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]{1,31}$/)
      .optional(),
  })
  .strict();
export type ReportQuery = z.infer<typeof ReportQuery>;

export const Report = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * Per day: with a family or venue filter, the day's takings and bonuses are those of the
   * filtered venues (bonuses as allocated), so the day's NGR is theirs too.
   */
  days: z.array(ReportDayRow),
  /** Per day and venue (the filter applied), bonuses allocated as `VenueTakings` says. */
  venues: z.array(VenueTakings.extend({ date: z.string() })),
  families: z.array(FamilyTakings.extend({ date: z.string() })),
  total: ReportTotals,
  /** Bonuses of the range no venue took (paid to members without settled bets that day). */
  unallocatedBonuses: moneyString,
});
export type Report = z.infer<typeof Report>;

/** The report as CSV: its day rows, its rows per venue, or its rows per family. */
export const ReportExportQuery = ReportQuery.extend({
  view: z.enum(['days', 'venues', 'families']).default('days'),
}).strict();

/** The audit log's filters (list and export): who, what, on what, when (ms, inclusive). */
export const auditFilters = {
  actor: text().max(64).optional(),
  action: text().max(64).optional(),
  target: text().max(128).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
};
export const AuditExportQuery = z.object(auditFilters).strict();

/** A checkpoint as verify found it. */
export const AuditCheckpointCheck = z.object({
  seq: z.number().int(),
  at: z.number().int(),
  ok: z.boolean(),
  /** Why not: signature, missing (the row is gone) or hash (the row's hash differs). */
  problem: z.enum(['signature', 'missing', 'hash']).nullable(),
});

/**
 * The chain walked from its first row: the first broken row names its seq and why (hash: the
 * row's content no longer gives its hash; link: its previous hash is not the row before's;
 * gap: a seq is missing), and each checkpoint compared.
 */
export const AuditVerifyResult = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  firstBroken: z
    .object({ seq: z.number().int(), problem: z.enum(['hash', 'link', 'gap', 'checkpoint']) })
    .nullable(),
  checkpoints: z.array(AuditCheckpointCheck),
  checkedAt: z.number().int(),
});
export type AuditVerifyResult = z.infer<typeof AuditVerifyResult>;

export const MemberExportQuery = z.object({ q: text().max(32).optional() }).strict();
export const OrderExportQuery = z
  .object({
    status: z
      .enum(['pending', 'review', 'credited', 'rejected', 'expired', 'cancelled', 'paid'])
      .optional(),
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
  })
  .strict();

/** The transfers list's filters (venues/admin-venues.schemas.ts) and a time range (ms). */
export const TransferExportQuery = z
  .object({
    status: TransferStatusView.optional(),
    memberId: z.coerce.number().int().positive().optional(),
    venueCode: venueCodeParam.optional(),
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
  })
  .strict();

/** A CSV export answers `text/csv` (UTF-8 with BOM), not the JSON envelope; errors stay coded. */
export const CsvText = z.string();
