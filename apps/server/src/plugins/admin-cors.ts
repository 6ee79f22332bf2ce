import type { FastifyInstance } from 'fastify';
import { addGateStage } from './request-gate';

const ADMIN_API = '/admin/api/';
/** What the console sends: its token and idempotency key are headers, never cookies. */
const ALLOWED_HEADERS = 'Accept, Content-Type, X-Admin-Token, X-Idempotency-Key';

/**
 * Cross-origin calls to the operator API from a console served elsewhere (CONSOLE_ORIGINS;
 * docs/architecture.md, "Operator console"). Only `/admin/api/*`, only the listed origins. No
 * `Access-Control-Allow-Credentials`: the console's session is the X-Admin-Token header, so the
 * browser sends no cookie across origins and nothing of the member site's session reaches here.
 * The preflight of another origin is refused (403, no CORS headers).
 */
export function registerAdminCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  if (allowed.size > 0) {
    addGateStage(app, (req, reply, { url }) => {
      const from = req.headers.origin;
      if (from === undefined || !url?.startsWith(ADMIN_API) || !allowed.has(from)) return;
      reply.header('access-control-allow-origin', from);
      reply.header('vary', 'Origin');
      reply.header('access-control-expose-headers', 'Content-Disposition');
    });
  }
  app.options(`${ADMIN_API}*`, { schema: { hide: true } }, (req, reply) => {
    const from = req.headers.origin;
    if (from === undefined || !allowed.has(from)) return reply.status(403).send();
    return reply
      .status(204)
      .header('access-control-allow-origin', from)
      .header('vary', 'Origin')
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });
}
