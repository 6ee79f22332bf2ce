import type { FastifyInstance } from 'fastify';
import { requireOperator } from '../../http/operator-context';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { ListedRegister } from './listed-register.service';

/** The operators' calls on the built-in self-exclusion list (contract §5), each audited. */
export function registerSelfExclusionRoutes(
  app: FastifyInstance,
  list: ListedRegister,
  o: BindOptions,
): void {
  bindRoute(app, 'adminSelfExclusionList', () => list.list(), o);
  bindRoute(
    app,
    'adminSelfExclusionAdd',
    ({ req, body }) => list.add(requireOperator(req.operator), body),
    o,
  );
  bindRoute(
    app,
    'adminSelfExclusionRemove',
    ({ req, params, body }) =>
      list.remove(requireOperator(req.operator), params.entryId, body.reason),
    o,
  );
}
