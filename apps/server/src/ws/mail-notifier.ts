import { MessageId, encodeServerFrame } from '@nebula/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus';
import type { MailService } from '../modules/mail/mail.service';

/** What the notifier needs of the node's chat hub. */
export interface MemberSockets {
  memberIds(): number[];
  sendToMember(memberId: number, frame: string): void;
}

/**
 * New mail pushed over the chat socket (MailNotice, 10018): on every node, a sent mail is
 * matched against the members with a socket here, and only those it is for are told.
 */
export class MailNotifier {
  constructor(
    private readonly bus: Bus,
    private readonly mail: MailService,
    private readonly sockets: MemberSockets,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe('mail.sent', (m) => {
      void this.#push(m).catch((err: unknown) =>
        this.log.error({ err, mailId: m.mailId }, 'mail notice push failed'),
      );
    });
  }

  async #push(m: { mailId: number; title: string; sentAt: number }): Promise<void> {
    const online = this.sockets.memberIds();
    if (online.length === 0) return;
    const frame = encodeServerFrame(MessageId.MailNotice, m);
    for (const memberId of await this.mail.recipientsAmong(m.mailId, online))
      this.sockets.sendToMember(memberId, frame);
  }
}
