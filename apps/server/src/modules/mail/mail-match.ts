import type { MailAudience } from '@nebula/protocol';
import type { MailRow, Reader } from './mail.repository';

/**
 * Whether a mail is for a reader: the same rule as `VISIBLE` in mail.repository.ts (there in
 * SQL, for reading; here for the socket push, which must not tell a member of mail they
 * cannot open).
 */
export function mailIsFor(mail: MailRow, reader: Reader): boolean {
  if (mail.revokedAt !== null) return false;
  if (mail.marketing && !reader.marketing) return false;
  if (mail.audience === 'member') return mail.memberId === reader.memberId;
  // Resolved when sent: the caller has narrowed the readers to its recipient rows.
  if (mail.resolved) return true;
  if (mail.sentAt < reader.registeredAt) return false;
  if (mail.vipMin !== null && reader.vipLevel < mail.vipMin) return false;
  if (mail.vipMax !== null && reader.vipLevel > mail.vipMax) return false;
  if (mail.registeredFrom !== null && reader.registeredAt < mail.registeredFrom) return false;
  if (mail.registeredTo !== null && reader.registeredAt >= mail.registeredTo) return false;
  return true;
}

export function audienceOf(m: MailRow): MailAudience {
  if (m.audience === 'member') return { kind: 'member', memberId: m.memberId! };
  if (m.audience === 'all') return { kind: 'all' };
  if (m.audience === 'list') return { kind: 'list', userNames: m.userNames ?? [] };
  const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
  return {
    kind: 'segment',
    ...(m.vipMin !== null ? { vipMin: m.vipMin } : {}),
    ...(m.vipMax !== null ? { vipMax: m.vipMax } : {}),
    ...(m.registeredFrom !== null ? { registeredFrom: day(m.registeredFrom) } : {}),
    // Stored as the start of the day after (exclusive); shown as the last day (inclusive).
    ...(m.registeredTo !== null ? { registeredTo: day(m.registeredTo - 1) } : {}),
    ...(m.activeWithinDays !== null ? { activeWithinDays: m.activeWithinDays } : {}),
  };
}
