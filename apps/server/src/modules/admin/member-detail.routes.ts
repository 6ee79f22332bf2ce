import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { MemberDetailService } from './member-detail.service';

/** The console's member detail (docs/contract.md, operator console). */
export function registerMemberDetailRoutes(
  app: FastifyInstance,
  s: MemberDetailService,
  o: BindOptions,
): void {
  bindRoute(app, 'adminMemberDetail', ({ params }) => s.detail(params.memberId), o);
  bindRoute(app, 'adminMemberLedger', ({ params, query }) => s.ledger(params.memberId, query), o);
  bindRoute(app, 'adminMemberBets', ({ params, query }) => s.bets(params.memberId, query), o);
  bindRoute(app, 'adminMemberLogins', ({ params, query }) => s.logins(params.memberId, query), o);
  bindRoute(app, 'adminMemberDevices', ({ params, query }) => s.devices(params.memberId, query), o);
  bindRoute(app, 'adminMemberNotes', ({ params, query }) => s.notes(params.memberId, query), o);
  bindRoute(
    app,
    'adminMemberNoteAdd',
    ({ req, params, body }) => s.addNote(requireOperator(req.operator), params.memberId, body.text),
    o,
  );
  bindRoute(
    app,
    'adminMemberSessionsEnd',
    ({ req, params, body }) =>
      s.endSessions(requireOperator(req.operator), params.memberId, body.reason),
    o,
  );
}
