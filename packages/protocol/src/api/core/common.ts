import { z } from 'zod';
import { isWireMoney } from '../../money/fen';

/**
 * Money on the wire: a decimal string with up to two places; no sign, exponent or number; at
 * most MAX_WIRE_FEN (money/fen). The pattern (also shown in the OpenAPI docs) allows 14 whole
 * digits; the refinement holds the exact cap.
 */
export const MONEY_PATTERN = /^(0|[1-9]\d{0,13})(\.\d{1,2})?$/;
export const moneyString = z
  .string()
  .regex(MONEY_PATTERN, 'invalid money')
  .refine(isWireMoney, 'amount too large');

/** A date filter, `YYYY-MM-DD` in Asia/Shanghai. */
/** Whether `YYYY-MM-DD` names a real calendar day (no 2026-02-30, no 9999-99-99). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid date')
  .refine(isCalendarDate, 'invalid date');

export const paging = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export const emptyObject = z.object({}).strict();
export const isoTime = z.string();

/** `:memberId` of an operator's call about one member (admin, wallet, chat and venue calls). */
export const MemberIdParams = z.object({ memberId: z.coerce.number().int().positive() }).strict();
