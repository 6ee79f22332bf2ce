import {
  ErrorCode,
  type AdminFeedback,
  type Feedback,
  type FeedbackStatus,
  type FeedbackSubmitRequest,
} from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ExportSource } from '../../lib/export-source';
import type { AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { MemberService } from '../member/member.service';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './feedback.repository';
import type { FeedbackRow } from './feedback.repository';

const HOUR_MS = 3600_000;

export interface FeedbackServiceDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  members: MemberService;
  mail: MailService;
  audit: AuditService;
}

const present = (f: FeedbackRow): Feedback => ({
  id: f.id,
  category: f.category,
  content: f.content,
  contact: f.contact,
  status: f.status,
  reply: f.reply,
  repliedAt: f.repliedAt,
  createdAt: f.createdAt,
});

/**
 * Members' feedback and the operators' replies. A member may send `feedbackPerHour` (a site
 * setting) per rolling hour: counted under the member's row lock, so parallel submits cannot
 * pass the limit together; past it 9320 with `retryAt`. A reply reaches the member as mail too.
 */
export class FeedbackService {
  constructor(private readonly d: FeedbackServiceDeps) {}

  async submit(memberId: number, input: FeedbackSubmitRequest): Promise<Feedback> {
    const { feedbackPerHour } = await this.d.settings.get();
    const now = this.d.clock.now();
    const since = new Date(now - HOUR_MS);
    const row = await this.d.db.tx(async (q) => {
      await this.d.members.lock(q, memberId);
      if ((await repo.countSince(q, memberId, since)) >= feedbackPerHour) {
        const oldest = await repo.oldestSince(q, memberId, since);
        throw new AppError(ErrorCode.FeedbackTooFrequent, { retryAt: oldest + HOUR_MS });
      }
      return repo.insertFeedback(q, {
        memberId,
        category: input.category,
        content: input.content,
        contact: input.contact ?? '',
        at: new Date(now),
      });
    });
    return present(row);
  }

  async mine(memberId: number, page: number, pageSize: number) {
    const r = await repo.listOfMember(this.d.db, memberId, pageSize, (page - 1) * pageSize);
    return { list: r.list.map(present), page, pageSize, total: r.total };
  }

  // --- operators

  async list(status: FeedbackStatus | undefined, page: number, pageSize: number) {
    const r = await repo.listAll(this.d.db, status, pageSize, (page - 1) * pageSize);
    const names = await this.d.members.userNames(this.d.db, [
      ...new Set(r.list.map((f) => f.memberId)),
    ]);
    return {
      list: r.list.map((f) => this.#admin(f, names.get(f.memberId) ?? '')),
      page,
      pageSize,
      total: r.total,
    };
  }

  /** The feedback CSV export's rows (reports/desk-exports.service.ts), newest first. */
  exportSource(status: FeedbackStatus | undefined): ExportSource<AdminFeedback, number> {
    return {
      count: () => repo.countAll(this.d.db, status),
      page: async (before, limit) => {
        const rows = await repo.feedbackBefore(this.d.db, status, before, limit);
        const names = await this.d.members.userNames(this.d.db, [
          ...new Set(rows.map((f) => f.memberId)),
        ]);
        return rows.map((f) => this.#admin(f, names.get(f.memberId) ?? ''));
      },
      first: 2_147_483_647,
      keyOf: (f) => f.id,
    };
  }

  /** Replies (audited) and tells the member by mail, in the same transaction. */
  async reply(
    actor: string,
    feedbackId: number,
    input: { reply: string; status: 'replied' | 'closed' },
  ) {
    const { row, mail } = await this.d.db.tx(async (q) => {
      const before = await repo.readFeedback(q, feedbackId);
      if (!before) throw new AppError(ErrorCode.FeedbackNotFound);
      const updated = await repo.reply(q, {
        id: feedbackId,
        reply: input.reply,
        status: input.status,
        by: actor,
        at: new Date(this.d.clock.now()),
      });
      if (!updated) throw new AppError(ErrorCode.FeedbackClosed);
      await this.d.audit.record(q, {
        actor,
        action: 'feedback.reply',
        target: `feedback:${feedbackId}`,
        before: { status: before.status, reply: before.reply },
        after: { status: updated.status, reply: updated.reply },
      });
      const mail = await this.d.mail.sendSystem(
        q,
        updated.memberId,
        '您的意见反馈有新回复',
        `您于反馈中提出的问题已有回复：\n\n${input.reply}\n\n可在“我的 → 意见反馈”中查看全部记录。`,
      );
      return { row: updated, mail };
    });
    await this.d.mail.announce(mail);
    const names = await this.d.members.userNames(this.d.db, [row.memberId]);
    return this.#admin(row, names.get(row.memberId) ?? '');
  }

  #admin(f: FeedbackRow, userName: string) {
    return { ...present(f), memberId: f.memberId, userName, repliedBy: f.repliedBy };
  }
}
