import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  OPERATOR_SELF,
  routes,
  type AdminRouteMeta,
  type RouteName,
} from '@nebula/protocol';
import { AppError } from '../lib/errors';
import type { OperatorService } from '../modules/admin/operator.service';
import type { StepUpService } from '../modules/admin/step-up.service';
import { addGateStage } from './request-gate';

export interface AdminGuardDeps {
  operators: OperatorService;
  stepUps: StepUpService;
}

/**
 * Operator routes (`/admin/api`) authenticate with X-Admin-Token only — a member token is
 * never read here, and the member guard never reads this header. Each route names the one
 * permission it needs in the protocol's route table (docs/contract.md §4.1); the operator's
 * role is read afresh on every request, so a role edit counts at once.
 */
export function registerAdminGuard(app: FastifyInstance, deps: AdminGuardDeps): void {
  app.decorateRequest('operator', null);
  // A stage of the one onRequest hook: member calls pass straight through without a promise.
  addGateStage(app, (req, _reply, { config, url }) => {
    const { routeName } = config;
    // The login and its passkey challenge come before there is a session (auth 'none').
    if (!routeName || !url?.startsWith('/admin/api/') || routes[routeName].auth === 'none') return;
    return authorize(req, routeName, deps);
  });
}

async function authorize(
  req: FastifyRequest,
  routeName: RouteName,
  { operators, stepUps }: AdminGuardDeps,
): Promise<void> {
  const token = req.headers['x-admin-token'];
  const op = await operators.resolve(typeof token === 'string' ? token : undefined);
  const route = routes[routeName] as AdminRouteMeta;
  if (route.permission !== OPERATOR_SELF && !op.permissions.has(route.permission)) {
    // A refusal is on the record: probing for reach is itself worth an operator's look.
    await operators.recordDenied(op, routeName, route.permission);
    throw new AppError(ErrorCode.AdminForbidden);
  }
  // The site requires a second factor this operator has not set up: enrolment only.
  if (op.enrolOnly && !ENROL_ROUTES.has(routeName))
    throw new AppError(ErrorCode.AdminTotpEnrolRequired);
  if (route.stepUp) await stepUps.require(op, route.stepUp);
  req.operator = op;
}

const ENROL_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'adminTotpEnrol',
  'adminTotpConfirm',
  // A passkey is a second factor on its own: enrolling one opens the session too.
  'adminPasskeyRegisterOptions',
  'adminPasskeyRegister',
  'adminLogout',
  'adminMe',
]);
