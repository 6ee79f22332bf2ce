import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { PasskeyService } from './passkey.service';
import type { StepUpService } from './step-up.service';

export interface PasskeyRouteDeps {
  passkeys: PasskeyService;
  stepUps: StepUpService;
}

/** Operator passkeys: register, list, remove, and the login and step-up challenges (§4.1). */
export function registerPasskeyRoutes(
  app: FastifyInstance,
  { passkeys, stepUps }: PasskeyRouteDeps,
  o: BindOptions,
): void {
  bindRoute(app, 'adminPasskeyLoginOptions', () => passkeys.loginOptions(), o);
  bindRoute(
    app,
    'adminPasskeys',
    async ({ req }) => ({ list: await passkeys.list(requireOperator(req.operator)) }),
    o,
  );
  bindRoute(
    app,
    'adminPasskeyRegisterOptions',
    ({ req }) => passkeys.registerOptions(requireOperator(req.operator)),
    o,
  );
  bindRoute(
    app,
    'adminPasskeyRegister',
    ({ req, body }) => passkeys.register(requireOperator(req.operator), body.name, body.response),
    o,
  );
  bindRoute(
    app,
    'adminPasskeyDelete',
    ({ req, params }) => passkeys.remove(requireOperator(req.operator), params.passkeyId),
    o,
  );
  bindRoute(
    app,
    'adminPasskeyStepUpOptions',
    ({ req, body }) => passkeys.stepUpOptions(requireOperator(req.operator), body.class),
    o,
  );
  bindRoute(
    app,
    'adminPasskeyStepUp',
    ({ req, body }) =>
      stepUps.stepUpWithPasskey(requireOperator(req.operator), body.class, body.response),
    o,
  );
}
