import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { RolesService } from './roles.service';
import type { StepUpService } from './step-up.service';

export interface AccessRouteDeps {
  roles: RolesService;
  stepUps: StepUpService;
}

/** Who am I, step-up, roles and operators (docs/contract.md §4.1). */
export function registerAccessRoutes(
  app: FastifyInstance,
  { roles, stepUps }: AccessRouteDeps,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'adminMe',
    async ({ req }) => {
      const op = requireOperator(req.operator);
      return {
        operatorId: op.operatorId,
        userName: op.userName,
        roleName: op.roleName,
        permissions: [...op.permissions],
        totpEnabled: op.hasTotp,
        stepUpUntil: await stepUps.state(op),
        idleMinutes: op.idleMinutes,
      };
    },
    o,
  );
  bindRoute(
    app,
    'adminStepUp',
    ({ req, body }) => stepUps.stepUp(requireOperator(req.operator), body.class, body.code),
    o,
  );
  bindRoute(app, 'adminRoles', ({ query }) => roles.rolePage(query), o);
  bindRoute(
    app,
    'adminRoleCreate',
    ({ req, body }) => roles.createRole(requireOperator(req.operator), body),
    o,
  );
  bindRoute(
    app,
    'adminRoleUpdate',
    ({ req, params, body }) => roles.updateRole(requireOperator(req.operator), params.roleId, body),
    o,
  );
  bindRoute(app, 'adminOperators', ({ query }) => roles.operators(query), o);
  bindRoute(
    app,
    'adminOperatorCreate',
    ({ req, body }) => roles.createOperator(requireOperator(req.operator), body),
    o,
  );
  bindRoute(
    app,
    'adminOperatorUpdate',
    ({ req, params, body }) =>
      roles.updateOperator(requireOperator(req.operator), params.operatorId, body),
    o,
  );
}
