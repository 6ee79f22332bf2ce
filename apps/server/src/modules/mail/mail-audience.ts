import { ErrorCode, mailAudienceProblem, type MailAudience } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import { AppError } from '../../lib/errors';
import { shanghaiDayRange } from '../../lib/shanghai-time';
import * as repo from './mail-audience.repository';
import type { SegmentFilter } from './mail-audience.repository';

const DAY_MS = 86_400_000;

/** A backwards range is 9312 naming the field; nothing is counted or sent. */
export function checkAudience(a: MailAudience): void {
  const field = mailAudienceProblem(a);
  if (field) throw new AppError(ErrorCode.MailAudienceInvalid, { field });
}

/** A segment's filters at the send (`now`): Shanghai days inclusive, active within N days. */
export function segmentFilter(a: MailAudience, now: number): SegmentFilter {
  const s = a.kind === 'segment' ? a : null;
  return {
    vipMin: s?.vipMin ?? null,
    vipMax: s?.vipMax ?? null,
    registeredFrom: s?.registeredFrom ? shanghaiDayRange(s.registeredFrom)[0] : null,
    registeredTo: s?.registeredTo ? shanghaiDayRange(s.registeredTo)[1] : null,
    activeSince: s?.activeWithinDays ? now - s.activeWithinDays * DAY_MS : null,
    registeredBy: now,
  };
}

/**
 * The members of an explicit list, by account name in any case, repeats once; a name no member
 * has is 9311 with the first unknown names (nothing is sent).
 */
export async function listMembers(q: Queryable, userNames: string[]): Promise<number[]> {
  const lower = [...new Set(userNames.map((n) => n.toLowerCase()))];
  const ids = await repo.idsOfNames(q, lower);
  const unknown = lower.filter((n) => !ids.has(n));
  if (unknown.length > 0)
    throw new AppError(ErrorCode.MailMemberNotFound, { unknown: unknown.slice(0, 20) });
  return [...ids.values()];
}

/** How many members an audience reaches now (the preview before sending). */
export async function countAudience(
  q: Queryable,
  a: MailAudience,
  now: number,
  memberExists: (id: number) => Promise<boolean>,
): Promise<number> {
  checkAudience(a);
  if (a.kind === 'member') {
    if (!(await memberExists(a.memberId))) throw new AppError(ErrorCode.MailMemberNotFound);
    return 1;
  }
  if (a.kind === 'list') return (await listMembers(q, a.userNames)).length;
  return repo.countSegment(q, segmentFilter(a, now));
}

/**
 * Writes a segment's or list's recipient rows of a sent mail (one statement either way) and
 * answers how many; none is 9776, which rolls the send back.
 */
export async function resolveRecipients(
  q: Queryable,
  mailId: number,
  a: Extract<MailAudience, { kind: 'segment' | 'list' }>,
  listed: number[],
  now: number,
): Promise<number> {
  const n =
    a.kind === 'list'
      ? await repo.insertListRecipients(q, mailId, listed)
      : await repo.insertSegmentRecipients(q, mailId, segmentFilter(a, now));
  if (n === 0) throw new AppError(ErrorCode.MailAudienceEmpty);
  return n;
}
