import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, routes, type RouteName } from '@nebula/protocol';
import { AppError } from '../lib/errors';
import type { OperatorService } from '../modules/admin/operator.service';

/**
 * Operator routes (`/admin/api`) authenticate with X-Admin-Token only — a member token is
 * never read here, and the member guard never reads this header. Each route lists the roles
 * allowed besides admin.
 */
export function registerAdminGuard(app: FastifyInstance, operators: OperatorService): void {
  app.decorateRequest('operator', null);
  // A callback hook: member calls pass straight through without creating a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const { config, url } = req.routeOptions;
    const { routeName } = config;
    if (!routeName || !url?.startsWith('/admin/api/') || routeName === 'adminLogin') {
      done();
      return;
    }
    authorize(req, routeName, operators).then(() => done(), done);
  });
}

async function authorize(
  req: FastifyRequest,
  routeName: RouteName,
  operators: OperatorService,
): Promise<void> {
  const token = req.headers['x-admin-token'];
  const op = await operators.resolve(typeof token === 'string' ? token : undefined);
  const allowed = (routes[routeName] as { roles?: readonly string[] }).roles ?? [];
  if (op.role !== 'admin' && !allowed.includes(op.role))
    throw new AppError(ErrorCode.AdminForbidden);
  // The site requires a second factor this operator has not set up: enrolment only.
  if (op.enrolOnly && !ENROL_ROUTES.has(routeName))
    throw new AppError(ErrorCode.AdminTotpEnrolRequired);
  req.operator = op;
}

const ENROL_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'adminTotpEnrol',
  'adminTotpConfirm',
  'adminLogout',
]);
