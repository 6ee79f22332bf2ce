import { z } from 'zod';
import { dateString } from '../core/common';
import { text } from '../../rules/text';

/** The most accounts one mail may name (an explicit list). */
export const MAIL_LIST_MAX = 1000;
/** The longest "active within N days" a segment may ask for. */
export const MAIL_ACTIVE_DAYS_MAX = 365;

/**
 * Who a message is for: one member, a segment, an explicit list of accounts, or everyone. A
 * segment (VIP level range, registration Shanghai days inclusive, logged in within N days) and
 * a list are resolved to members when the mail is sent (contract §5 Mail); everyone means the
 * members registered before it was sent. A mail sent before segments were resolved is matched
 * against each member's VIP level and registration when they read.
 */
export const MailAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), memberId: z.number().int().positive() }).strict(),
  z
    .object({
      kind: z.literal('segment'),
      vipMin: z.number().int().min(0).max(99).optional(),
      vipMax: z.number().int().min(0).max(99).optional(),
      /** Registered on or after this Shanghai day … */
      registeredFrom: dateString.optional(),
      /** … and on or before this one. */
      registeredTo: dateString.optional(),
      /** Logged in within this many days before the send. */
      activeWithinDays: z.number().int().min(1).max(MAIL_ACTIVE_DAYS_MAX).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('list'),
      /** Account names (any case); repeats count once. */
      userNames: z.array(text().trim().min(1).max(32)).min(1).max(MAIL_LIST_MAX),
    })
    .strict(),
  z.object({ kind: z.literal('all') }).strict(),
]);
export type MailAudience = z.infer<typeof MailAudience>;

/**
 * The field of a well-formed audience whose range is backwards (a minimum above its maximum, a
 * last day before the first), or null: the server answers 9312 with it and sends nothing; the
 * console checks the same before it asks.
 */
export function mailAudienceProblem(a: MailAudience): 'vipMax' | 'registeredTo' | null {
  if (a.kind !== 'segment') return null;
  if (a.vipMin !== undefined && a.vipMax !== undefined && a.vipMin > a.vipMax) return 'vipMax';
  if (a.registeredFrom && a.registeredTo && a.registeredFrom > a.registeredTo)
    return 'registeredTo';
  return null;
}

/** How many members an audience reaches now: the preview before sending. */
export const MailAudienceCountRequest = z.object({ audience: MailAudience }).strict();
export const MailAudienceCount = z.object({ recipients: z.number().int() });
export type MailAudienceCount = z.infer<typeof MailAudienceCount>;
