import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { HelpService } from './help.service';

export function registerHelpRoutes(app: FastifyInstance, help: HelpService, o: BindOptions): void {
  bindRoute(app, 'helpIndex', async () => ({ list: await help.index() }), o);
  bindRoute(app, 'helpSearch', async ({ query }) => ({ list: await help.search(query.q) }), o);
  bindRoute(app, 'helpDoc', ({ params }) => help.doc(params.slug), o);
  bindRoute(app, 'adminHelpList', ({ query }) => help.adminPage(query), o);
  bindRoute(app, 'adminHelpDoc', ({ params }) => help.adminDoc(params.slug), o);
  bindRoute(
    app,
    'adminHelpSave',
    ({ req, params, body }) => help.save(requireOperator(req.operator).userName, params.slug, body),
    o,
  );
}
