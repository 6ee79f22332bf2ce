import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireMember } from '../../http/member-context';
import { requireOperator } from '../../http/operator-context';
import type { MailService } from './mail.service';

export function registerMailRoutes(app: FastifyInstance, mail: MailService, o: BindOptions): void {
  bindRoute(
    app,
    'mailList',
    ({ ctx, query }) => mail.list(requireMember(ctx).memberId, query.page, query.pageSize),
    o,
  );
  bindRoute(app, 'mailUnread', ({ ctx }) => mail.unread(requireMember(ctx).memberId), o);
  bindRoute(
    app,
    'mailRead',
    ({ ctx, params }) => mail.read(requireMember(ctx).memberId, params.mailId),
    o,
  );
  bindRoute(
    app,
    'mailDelete',
    ({ ctx, params }) => mail.remove(requireMember(ctx).memberId, params.mailId),
    o,
  );
  bindRoute(app, 'mailReadAll', ({ ctx }) => mail.readAll(requireMember(ctx).memberId), o);
  bindRoute(
    app,
    'adminMailSend',
    ({ req, body }) => mail.send(requireOperator(req.operator).userName, body),
    o,
  );
  bindRoute(app, 'adminMailAudienceCount', ({ body }) => mail.audienceCount(body.audience), o);
  bindRoute(app, 'adminMails', ({ query }) => mail.sent(query.page, query.pageSize), o);
  bindRoute(
    app,
    'adminMailRevoke',
    ({ req, params }) => mail.revoke(requireOperator(req.operator).userName, params.mailId),
    o,
  );
}
