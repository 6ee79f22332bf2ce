import { z } from 'zod';
import { dateString, paging, pageOf } from '../core/common';
import { RealNameStatus } from '../member/member.schemas';
import { PlayBreak } from '../wallet/wallet.schemas';
import { text } from '../../rules/text';
import { auditFilters } from '../reports/reports.schemas';
import { ADMIN_PERMISSIONS } from './permissions';
import { PasskeyAuthenticationResponse } from '../core/webauthn';

/** The operators' back office (`/admin/api`, X-Admin-Token). */

export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const AdminLoginRequest = z
  .object({
    userName: text().min(1).max(32),
    password: text().min(1).max(128),
    /** The authenticator's six digits, once the operator has enrolled. */
    totp: z.string().regex(TOTP_CODE_PATTERN).optional(),
    /** A single-use recovery code instead of the six digits. */
    recoveryCode: text().min(8).max(32).optional(),
    /** A passkey assertion (challenge from `passkeys/loginOptions`) instead of the six digits. */
    passkey: PasskeyAuthenticationResponse.optional(),
  })
  .strict();
export const AdminSession = z.object({
  token: z.string(),
  userName: z.string(),
  /** The operator's role and what it holds now (the console hides what is not held). */
  roleName: z.string(),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
  expiresAt: z.number().int(),
  /** The site requires a second factor this operator has not set up: only enrolment works. */
  enrolOnly: z.boolean(),
  /**
   * Minutes without a request after which the server ends this session (the
   * consoleIdleMinutes setting, never above CONSOLE_IDLE_MINUTES): the console signs out then.
   */
  idleMinutes: z.number().int().positive(),
});

/** Enrolment: the URI an authenticator app reads (as a QR code) and the secret to type. */
export const AdminTotpEnrolment = z.object({ otpauthUri: z.string(), secret: z.string() });
export const AdminTotpConfirmRequest = z
  .object({ code: z.string().regex(TOTP_CODE_PATTERN) })
  .strict();
/** Shown once: each works once in place of the six digits. */
export const AdminRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export const OperatorIdParams = z
  .object({ operatorId: z.coerce.number().int().positive() })
  .strict();
export const AdminTotpResetRequest = z.object({ reason: text().trim().min(1).max(200) }).strict();
export type AdminSession = z.infer<typeof AdminSession>;

export const AdminMemberQuery = z.object({ q: text().max(32).optional(), ...paging }).strict();
export const AdminMember = z.object({
  memberId: z.number().int(),
  userName: z.string(),
  nickname: z.string(),
  blocked: z.boolean(),
  vipLevel: z.number().int(),
  phoneMasked: z.string().nullable(),
  realNameStatus: RealNameStatus,
  registeredAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  /** The time-out or self-exclusion running now (contract §5); operators see it, none lifts it. */
  playBreak: PlayBreak.nullable(),
});
export const AdminMemberPage = pageOf(AdminMember);

export const BlockRequest = z
  .object({ blocked: z.boolean(), reason: text().trim().min(1).max(200) })
  .strict();
export const DeviceBlockRequest = z
  .object({
    deviceId: text().min(8).max(64),
    blocked: z.boolean(),
    reason: text().trim().min(1).max(200),
  })
  .strict();

export const RealNameReviewItem = z.object({
  memberId: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  submittedAt: z.number().int(),
});
/**
 * The real-name list's filters (and its export's): a state (the queue, `pending`, unless
 * another is asked for), Shanghai submission days (`from`, `to` both included; `from` after
 * `to` is 9773) and part of the member's account name.
 */
export const RealNameListFilter = z
  .object({
    status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
    from: dateString.optional(),
    to: dateString.optional(),
    q: text().trim().max(32).optional(),
  })
  .strict();
export type RealNameListFilter = z.infer<typeof RealNameListFilter>;
export const RealNameListQuery = RealNameListFilter.extend({ ...paging }).strict();
export const RealNameReviewRow = RealNameReviewItem.extend({
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  reviewedAt: z.number().int().nullable(),
  reviewedBy: z.string().nullable(),
});
export const RealNameReviewPage = pageOf(RealNameReviewRow);
export const RealNameReviewRequest = z
  .object({ approve: z.boolean(), reason: text().trim().max(200).optional() })
  .strict();

export const SmsOutboxItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  text: z.string(),
  purpose: z.string(),
  sentAt: z.number().int(),
});
export const SmsOutbox = z.object({ list: z.array(SmsOutboxItem) });

/** Site settings as operators see and change them (all keys; a patch changes some). */
export const SiteSettingsView = z.record(z.string(), z.unknown());
export const SiteSettingsPatchRequest = z.record(text(), z.unknown());

/** Paged, newest first; the filters are the export's (reports/reports.schemas.ts). */
export const AuditQuery = z.object({ ...paging, ...auditFilters }).strict();
export const AuditEntry = z.object({
  id: z.number().int(),
  /** Its place in the hash chain (docs/architecture.md, "The audit chain"). */
  seq: z.number().int(),
  hash: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  time: z.number().int(),
});
export const AuditPage = pageOf(AuditEntry);
