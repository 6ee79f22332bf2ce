import { z } from 'zod';
import { paging, pageOf } from '../core/common';
import { multilineText, text } from '../../rules/text';
import { displayLength } from '../../rules/string-length';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
} from './help-and-service.constants';
import { MailAudience } from './mail-audience.schemas';

export * from './mail-audience.schemas';

/** The service side's mail (operators to members) and feedback (members to operators). */

// ---- mail ----------------------------------------------------------------------------------

export const MailIdParams = z.object({ mailId: z.coerce.number().int().positive() }).strict();
export const MAIL_TITLE_MAX = 60;
export const MAIL_BODY_MAX = 4000;

export const Mail = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text (line breaks kept): always rendered as text. */
  body: z.string(),
  sentAt: z.number().int(),
  read: z.boolean(),
});
export type Mail = z.infer<typeof Mail>;
export const MailPage = pageOf(Mail).extend({ unread: z.number().int() });
export type MailPage = z.infer<typeof MailPage>;
export const MailUnread = z.object({ unread: z.number().int() });
export type MailUnread = z.infer<typeof MailUnread>;
export const MailListQuery = z.object({ ...paging }).strict();

export const AdminMailSendRequest = z
  .object({
    title: text().trim().min(1).max(MAIL_TITLE_MAX),
    body: multilineText().trim().min(1).max(MAIL_BODY_MAX),
    audience: MailAudience,
    /** An offer (营销): shown only to members who may be sent marketing (contract §5). */
    marketing: z.boolean().optional(),
  })
  .strict();
export const AdminMail = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: MailAudience,
  sentBy: z.string(),
  sentAt: z.number().int(),
  revoked: z.boolean(),
  marketing: z.boolean(),
  /** Members who opened it. */
  reads: z.number().int(),
  /** Members a segment or list was resolved to when sent; null for one member or everyone. */
  recipients: z.number().int().nullable(),
});
export type AdminMail = z.infer<typeof AdminMail>;
export const AdminMailPage = pageOf(AdminMail);
export const AdminMailQuery = z.object({ ...paging }).strict();

// ---- feedback ------------------------------------------------------------------------------

export const FeedbackCategory = z.enum(FEEDBACK_CATEGORIES);
export type FeedbackCategory = z.infer<typeof FeedbackCategory>;

export function feedbackContentOk(value: string): boolean {
  const n = displayLength(value);
  return n >= FEEDBACK_CONTENT_MIN && n <= FEEDBACK_CONTENT_MAX;
}

export const FeedbackSubmitRequest = z
  .object({
    category: FeedbackCategory,
    content: multilineText()
      .trim()
      .max(FEEDBACK_CONTENT_MAX)
      .refine(feedbackContentOk, { message: '反馈内容长度不符合要求' }),
    contact: text()
      .trim()
      .max(FEEDBACK_CONTACT_MAX)
      .refine((v) => displayLength(v) <= FEEDBACK_CONTACT_MAX, { message: '联系方式过长' })
      .optional(),
  })
  .strict();
export type FeedbackSubmitRequest = z.infer<typeof FeedbackSubmitRequest>;

export const FEEDBACK_STATUSES = ['pending', 'replied', 'closed'] as const;
export const FeedbackStatus = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof FeedbackStatus>;

export const Feedback = z.object({
  id: z.number().int(),
  category: FeedbackCategory,
  content: z.string(),
  contact: z.string(),
  status: FeedbackStatus,
  reply: z.string().nullable(),
  repliedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type Feedback = z.infer<typeof Feedback>;
export const FeedbackPage = pageOf(Feedback);
export const FeedbackListQuery = z.object({ ...paging }).strict();

export const FeedbackIdParams = z
  .object({ feedbackId: z.coerce.number().int().positive() })
  .strict();
export const AdminFeedbackQuery = z
  .object({ status: FeedbackStatus.optional(), ...paging })
  .strict();
export const AdminFeedback = Feedback.extend({
  memberId: z.number().int(),
  userName: z.string(),
  repliedBy: z.string().nullable(),
});
export type AdminFeedback = z.infer<typeof AdminFeedback>;
export const AdminFeedbackPage = pageOf(AdminFeedback);
export const AdminFeedbackReplyRequest = z
  .object({
    reply: multilineText().trim().min(1).max(2000),
    /** `closed` ends the thread; `replied` (the default) leaves it open to the member. */
    status: z.enum(['replied', 'closed']).default('replied'),
  })
  .strict();
