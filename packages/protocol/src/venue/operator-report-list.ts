import { z } from 'zod';
import { dateString, moneyString } from '../api/core/common';
import { sports } from './markets';

/**
 * The sportsbook's daily report over a range of Shanghai days (contract §6 "Lists"): one row
 * per day and sport (parlays their own row), newest day first, paged like every list. Both
 * ends are needed and at most 92 days apart (9781 otherwise, as from after to).
 */
export const REPORT_RANGE_MAX_DAYS = 92;

export const DailyReportListFilter = z
  .object({
    from: dateString,
    to: dateString,
    sport: z.enum([...sports, 'parlay']).optional(),
  })
  .strict();
export type DailyReportListFilter = z.infer<typeof DailyReportListFilter>;

export const DailyReportListRow = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  sport: z.enum([...sports, 'parlay']),
  bets: z.number().int().nonnegative(),
  stakes: moneyString,
  payouts: moneyString,
  /** Gross gaming revenue: stakes − payouts. */
  ggr: z.string().regex(/^-?\d+\.\d{2}$/),
});
export type DailyReportListRow = z.infer<typeof DailyReportListRow>;
