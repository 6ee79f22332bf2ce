import {
  ErrorCode,
  type AdminMail,
  type MailAudience,
  type MailPage,
  type MailUnread,
} from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ExportSource } from '../../lib/export-source';
import { shanghaiDayRange } from '../../lib/shanghai-time';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { EligibilityService } from '../play-break/eligibility.service';
import * as repo from './mail.repository';
import type { MailRow, Reader } from './mail.repository';
import { audienceOf, mailIsFor } from './mail-match';
import { recipientsAmong } from './mail-audience.repository';
import { checkAudience, countAudience, listMembers, resolveRecipients } from './mail-audience';

export interface MailServiceDeps {
  db: Db;
  bus: Bus;
  clock: Clock;
  members: MemberService;
  audit: AuditService;
  /** Asked before an offer is shown or pushed (purpose `marketing`). */
  eligibility: Pick<EligibilityService, 'check'>;
}

/**
 * Mail from the operators: one stored message per send, whatever its audience (one member, a
 * VIP / registration segment, everyone), and a receipt row only once a member reads or deletes
 * one. A send is announced on the bus; each node pushes MailNotice (10018) to the sockets of
 * the members it is for.
 */
export class MailService {
  constructor(private readonly d: MailServiceDeps) {}

  async #reader(memberId: number): Promise<Reader> {
    const facts = (await this.d.members.audienceFacts(this.d.db, [memberId])).get(memberId);
    if (!facts) throw new AppError(ErrorCode.AuthRequired);
    return { memberId, ...facts, marketing: await this.#mayMarket(memberId) };
  }

  async #mayMarket(memberId: number): Promise<boolean> {
    return (await this.d.eligibility.check(this.d.db, memberId, 'marketing')).eligible;
  }

  async list(memberId: number, page: number, pageSize: number): Promise<MailPage> {
    const reader = await this.#reader(memberId);
    const [r, unread] = await Promise.all([
      repo.listVisible(this.d.db, reader, pageSize, (page - 1) * pageSize),
      repo.countUnread(this.d.db, reader),
    ]);
    return {
      list: r.list.map((m) => ({
        id: m.id,
        title: m.title,
        body: m.body,
        sentAt: m.sentAt,
        read: m.read,
      })),
      page,
      pageSize,
      total: r.total,
      unread,
    };
  }

  async unread(memberId: number): Promise<MailUnread> {
    return { unread: await repo.countUnread(this.d.db, await this.#reader(memberId)) };
  }

  /** Reading or deleting another member's mail is 9310, the same as a mail that never existed. */
  async read(memberId: number, mailId: number): Promise<MailUnread> {
    const reader = await this.#reader(memberId);
    await this.d.db.tx(async (q) => {
      if (!(await repo.isVisible(q, reader, mailId))) throw new AppError(ErrorCode.MailNotFound);
      await repo.markRead(q, memberId, mailId, new Date(this.d.clock.now()));
    });
    return { unread: await repo.countUnread(this.d.db, reader) };
  }

  async remove(memberId: number, mailId: number): Promise<MailUnread> {
    const reader = await this.#reader(memberId);
    await this.d.db.tx(async (q) => {
      if (!(await repo.isVisible(q, reader, mailId))) throw new AppError(ErrorCode.MailNotFound);
      await repo.markDeleted(q, memberId, mailId, new Date(this.d.clock.now()));
    });
    return { unread: await repo.countUnread(this.d.db, reader) };
  }

  async readAll(memberId: number): Promise<MailUnread> {
    const reader = await this.#reader(memberId);
    await repo.markAllRead(this.d.db, reader, new Date(this.d.clock.now()));
    return { unread: await repo.countUnread(this.d.db, reader) };
  }

  // --- operators

  /** Sends a mail (audited) and announces it for the socket push. */
  async send(
    actor: string,
    input: { title: string; body: string; audience: MailAudience; marketing?: boolean },
  ) {
    const a = input.audience;
    checkAudience(a);
    const now = this.d.clock.now();
    const mail = await this.d.db.tx(async (q) => {
      if (a.kind === 'member' && !(await this.d.members.exists(q, a.memberId)))
        throw new AppError(ErrorCode.MailMemberNotFound);
      const listed = a.kind === 'list' ? await listMembers(q, a.userNames) : [];
      const inserted = await repo.insertMail(q, {
        title: input.title,
        body: input.body,
        audience: a.kind,
        memberId: a.kind === 'member' ? a.memberId : null,
        vipMin: a.kind === 'segment' ? (a.vipMin ?? null) : null,
        vipMax: a.kind === 'segment' ? (a.vipMax ?? null) : null,
        registeredFrom:
          a.kind === 'segment' && a.registeredFrom ? shanghaiDayRange(a.registeredFrom)[0] : null,
        registeredTo:
          a.kind === 'segment' && a.registeredTo ? shanghaiDayRange(a.registeredTo)[1] : null,
        sentBy: actor,
        sentAt: now,
        marketing: input.marketing ?? false,
        resolved: a.kind === 'segment' || a.kind === 'list',
        activeWithinDays: a.kind === 'segment' ? (a.activeWithinDays ?? null) : null,
        userNames: a.kind === 'list' ? a.userNames : null,
      });
      let row = inserted;
      if (a.kind === 'segment' || a.kind === 'list') {
        const recipients = await resolveRecipients(q, inserted.id, a, listed, now);
        await repo.setRecipients(q, inserted.id, recipients);
        row = { ...inserted, recipients };
      }
      await this.d.audit.record(q, {
        actor,
        action: 'mail.send',
        target: `mail:${row.id}`,
        before: null,
        after: {
          title: row.title,
          audience: audienceOf(row),
          marketing: row.marketing,
          recipients: row.recipients,
        },
      });
      return row;
    });
    await this.#announce(mail);
    return this.#admin(mail, 0);
  }

  /** How many members an audience reaches now: the preview before sending (nothing stored). */
  async audienceCount(audience: MailAudience) {
    const exists = (id: number) => this.d.members.exists(this.d.db, id);
    return {
      recipients: await countAudience(this.d.db, audience, this.d.clock.now(), exists),
    };
  }

  /** A message from the site itself (a feedback reply), inside the caller's transaction. */
  async sendSystem(
    q: Parameters<typeof repo.insertMail>[0],
    memberId: number,
    title: string,
    body: string,
  ): Promise<MailRow> {
    return repo.insertMail(q, {
      title,
      body,
      audience: 'member',
      memberId,
      vipMin: null,
      vipMax: null,
      registeredFrom: null,
      registeredTo: null,
      sentBy: 'system',
      sentAt: this.d.clock.now(),
      marketing: false,
      resolved: false,
      activeWithinDays: null,
      userNames: null,
    });
  }

  async #announce(mail: MailRow): Promise<void> {
    await this.d.bus
      .publish('mail.sent', { mailId: mail.id, title: mail.title, sentAt: mail.sentAt })
      .catch(() => undefined);
  }

  /** Announces a mail made by `sendSystem` once its transaction has committed. */
  announce(mail: MailRow): Promise<void> {
    return this.#announce(mail);
  }

  async revoke(actor: string, mailId: number) {
    const mail = await this.d.db.tx(async (q) => {
      const before = await repo.readMail(q, mailId);
      if (!before) throw new AppError(ErrorCode.MailNotFound);
      if (await repo.revokeMail(q, mailId, new Date(this.d.clock.now()))) {
        await this.d.audit.record(q, {
          actor,
          action: 'mail.revoke',
          target: `mail:${mailId}`,
          before: { revoked: false },
          after: { revoked: true },
        });
      }
      return (await repo.readMail(q, mailId))!;
    });
    return this.#admin(mail, await repo.readCount(this.d.db, mailId));
  }

  /** The sent-mail CSV export's rows (reports/desk-exports.service.ts), newest first. */
  sentExportSource(): ExportSource<AdminMail, number> {
    return {
      count: () => repo.countSent(this.d.db),
      page: async (before, limit) =>
        (await repo.sentBefore(this.d.db, before, limit)).map((m) => this.#admin(m, m.reads)),
      first: 2_147_483_647,
      keyOf: (m) => m.id,
    };
  }

  async sent(page: number, pageSize: number) {
    const r = await repo.listSent(this.d.db, pageSize, (page - 1) * pageSize);
    return { list: r.list.map((m) => this.#admin(m, m.reads)), page, pageSize, total: r.total };
  }

  /** Of these members, those a mail is for (the socket push). */
  async recipientsAmong(mailId: number, memberIds: number[]): Promise<number[]> {
    const mail = await repo.readMail(this.d.db, mailId);
    if (!mail || memberIds.length === 0) return [];
    if (mail.audience === 'member')
      return memberIds.includes(mail.memberId!) ? [mail.memberId!] : [];
    if (mail.resolved) {
      const sentTo = await recipientsAmong(this.d.db, mailId, memberIds);
      memberIds = memberIds.filter((id) => sentTo.has(id));
    }
    const facts = await this.d.members.audienceFacts(this.d.db, memberIds);
    const out: number[] = [];
    for (const id of memberIds) {
      const f = facts.get(id);
      if (f === undefined) continue;
      // The gate is asked only for an offer, and only of the members its segment reaches.
      const marketing =
        mail.marketing &&
        mailIsFor({ ...mail, marketing: false }, { memberId: id, ...f, marketing: true })
          ? await this.#mayMarket(id)
          : !mail.marketing;
      if (mailIsFor(mail, { memberId: id, ...f, marketing })) out.push(id);
    }
    return out;
  }

  #admin(m: MailRow, reads: number) {
    return {
      id: m.id,
      title: m.title,
      body: m.body,
      audience: audienceOf(m),
      sentBy: m.sentBy,
      sentAt: m.sentAt,
      revoked: m.revokedAt !== null,
      marketing: m.marketing,
      reads,
      recipients: m.recipients,
    };
  }
}
