import { z } from 'zod';
import { pageOf, paging } from '../core/common';
import { text } from '../../rules/text';
import { LoginRecord, RealNameInfo } from '../member/member.schemas';
import { VipStatus } from '../rewards/rewards.schemas';
import { WalletBalances } from '../wallet/wallet.schemas';
import { AdminMember } from './admin.schemas';

/**
 * One member as an operator sees them (docs/contract.md, operator console): the list's row,
 * the real name as the member sees it (masked), VIP, every wallet, live sessions.
 */
export const AdminMemberDetail = z.object({
  member: AdminMember,
  realName: RealNameInfo,
  vip: VipStatus,
  balances: WalletBalances,
  /** Sessions not ended yet (the member's devices signed in now). */
  liveSessions: z.number().int(),
});
export type AdminMemberDetail = z.infer<typeof AdminMemberDetail>;

/** Every device the member has signed in from, trusted or not, and whether it is blocked. */
export const AdminMemberDevice = z.object({
  deviceId: z.string(),
  label: z.string(),
  trusted: z.boolean(),
  blocked: z.boolean(),
  firstSeenAt: z.number().int(),
  lastSeenAt: z.number().int(),
  lastIp: z.string(),
});
/** A page of the member's devices, newest first. */
export const AdminMemberDeviceList = pageOf(AdminMemberDevice);
/** The devices list's filter: trusted, not trusted, or blocked. */
export const DeviceStatusFilter = z.enum(['trusted', 'untrusted', 'blocked']);
export const AdminDevicesQuery = z
  .object({ status: DeviceStatusFilter.optional(), ...paging })
  .strict();
export type DeviceStatusFilter = z.infer<typeof DeviceStatusFilter>;
export type AdminMemberDevice = z.infer<typeof AdminMemberDevice>;

export const AdminPageQuery = z.object({ ...paging }).strict();
export const AdminLoginPage = pageOf(LoginRecord);
/** The logins list's filter: the sign-ins that succeeded, failed, or were flagged risky. */
export const LoginResultFilter = z.enum(['success', 'failed', 'risky']);
export const AdminLoginsQuery = z
  .object({ result: LoginResultFilter.optional(), ...paging })
  .strict();
export type LoginResultFilter = z.infer<typeof LoginResultFilter>;

/** A note operators keep on a member (who wrote it, when); notes are never edited. */
export const MemberNote = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.string(),
  createdAt: z.number().int(),
});
export type MemberNote = z.infer<typeof MemberNote>;
export const MemberNotePage = pageOf(MemberNote);
/** The notes list's filter: one operator's notes. */
export const AdminNotesQuery = z
  .object({ author: text().trim().min(1).max(64).optional(), ...paging })
  .strict();
export const MemberNoteRequest = z.object({ text: text().trim().min(1).max(500) }).strict();

export const EndSessionsRequest = z.object({ reason: text().trim().min(1).max(200) }).strict();
export const EndSessionsResult = z.object({ ended: z.number().int() });
