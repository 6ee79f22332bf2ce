import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { AdminService } from './admin.service';
import type { OperatorService } from './operator.service';

export function registerAdminRoutes(
  app: FastifyInstance,
  admin: AdminService,
  operators: OperatorService,
  o: BindOptions,
): void {
  bindRoute(app, 'adminLogin', ({ body, req }) => operators.login(body, req.ip), o);
  bindRoute(
    app,
    'adminTotpEnrol',
    ({ req }) => operators.enrolTotp(requireOperator(req.operator)),
    o,
  );
  bindRoute(
    app,
    'adminTotpConfirm',
    ({ req, body }) =>
      operators.confirmTotp(
        requireOperator(req.operator),
        body.code,
        String(req.headers['x-admin-token']),
      ),
    o,
  );
  bindRoute(
    app,
    'adminTotpReset',
    async ({ req, params, body }) => {
      await operators.resetTotp(requireOperator(req.operator), params.operatorId, body.reason);
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'adminLogout',
    async ({ req }) => {
      await operators.logout(String(req.headers['x-admin-token']));
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'adminMembers',
    ({ query }) => admin.members(query.q, query.page, query.pageSize),
    o,
  );
  bindRoute(
    app,
    'adminMemberBlock',
    async ({ req, params, body }) => {
      await admin.blockMember(
        requireOperator(req.operator),
        params.memberId,
        body.blocked,
        body.reason,
      );
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'adminDeviceBlock',
    async ({ req, body }) => {
      await admin.blockDevice(
        requireOperator(req.operator),
        body.deviceId,
        body.blocked,
        body.reason,
      );
      return null;
    },
    o,
  );
  bindRoute(app, 'adminRealNamePending', ({ query }) => admin.realNames(query), o);
  bindRoute(
    app,
    'adminRealNameReview',
    async ({ req, params, body }) => {
      await admin.reviewRealName(
        requireOperator(req.operator),
        params.memberId,
        body.approve,
        body.reason,
      );
      return null;
    },
    o,
  );
  bindRoute(app, 'adminSmsOutbox', () => admin.smsOutbox(), o);
  bindRoute(app, 'adminSettings', () => admin.settings(), o);
  bindRoute(
    app,
    'adminSettingsUpdate',
    ({ req, body }) => admin.updateSettings(requireOperator(req.operator), body),
    o,
  );
  bindRoute(app, 'adminAudit', ({ query }) => admin.audit(query), o);
}
