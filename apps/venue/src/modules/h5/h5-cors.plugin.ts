import type { FastifyInstance } from 'fastify';
import { dialectOfPath, dialects } from '@nebula/protocol/venue/dialects';
import { obCountsPath } from '@nebula/protocol/venue/h5';

/** Headers the member site's proxy may send: the dialects' token headers and JSON. */
const ALLOWED_HEADERS = new Set([
  'content-type',
  'authorization',
  ...Object.values(dialects).map((d) => d.tokenHeader),
]);

/**
 * CORS for the engine API (docs/architecture.md, "The sportsbook page (H5)"): granted only to the
 * merchants' member-site origins and only on the dialects' paths; the merchant API and everything
 * else send none. A request from any other origin gets no permission, so the browser keeps its
 * answer from the page.
 */
export function registerCors(app: FastifyInstance, origins: ReadonlySet<string>): void {
  app.addHook('onRequest', (req, reply, done) => {
    const path = req.url.split('?')[0]!;
    const origin = req.headers.origin;
    const onEngine = dialectOfPath(path) !== null || path === obCountsPath;
    if (!onEngine || typeof origin !== 'string' || !origins.has(origin)) {
      if (req.method === 'OPTIONS' && onEngine) {
        void reply.status(204).send();
        return;
      }
      done();
      return;
    }
    void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (req.method !== 'OPTIONS') {
      done();
      return;
    }
    const asked = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const allowed = asked.filter((h) => ALLOWED_HEADERS.has(h));
    void reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', allowed.join(', '))
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });
}
