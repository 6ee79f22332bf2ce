import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where `npm run build:venue-web` writes the page (apps/venue-web/dist). */
export const H5_DIST = path.resolve(import.meta.dirname, '../../../../venue-web/dist');

/**
 * The page's policy. It runs inside the member sites' frames only (frame-ancestors: the
 * merchants' origins), loads and connects to its own origin only (its API and its live
 * socket), and sends no referrer: its first URL carries the single-use launch token.
 */
export function h5ContentSecurityPolicy(publicUrl: string, frameOrigins: readonly string[]) {
  const own = new URL(publicUrl);
  const socket = `${own.protocol === 'https:' ? 'wss:' : 'ws:'}//${own.host}`;
  const ancestors = frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * Serves the built sportsbook page at /h5/ and the house games page at /h5/games/
 * (docs/architecture.md, "The sportsbook page (H5)" and "The house games page"): pre-compressed
 * files, hashed assets cached for good, the HTML never cached and sent with the pages' policy.
 * Without a build the pages answer 503 and say how to build them (the APIs still run).
 */
export function registerH5Static(
  app: FastifyInstance,
  opts: { publicUrl: string; frameOrigins: readonly string[]; dist?: string },
): void {
  const dist = opts.dist ?? H5_DIST;
  const csp = h5ContentSecurityPolicy(opts.publicUrl, opts.frameOrigins);
  // The bare paths answer their page's directory, the launch query kept.
  for (const page of ['/h5', '/h5/games']) {
    app.get(page, (req, reply) => {
      const query = req.url.indexOf('?');
      return reply.redirect(`${page}/${query >= 0 ? req.url.slice(query) : ''}`, 302);
    });
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    for (const page of ['/h5/', '/h5/games/']) {
      app.get(page, (_req, reply) =>
        reply
          .status(503)
          .header('referrer-policy', 'no-referrer')
          .type('text/plain; charset=utf-8')
          .send('页面尚未构建：npm run build:venue-web'),
      );
    }
    return;
  }
  void app.register(fastifyStatic, {
    root: dist,
    prefix: '/h5/',
    decorateReply: false,
    preCompressed: true,
    index: ['index.html'],
    cacheControl: false,
    etag: true,
    setHeaders: (reply, served) => {
      // Pre-compressed: the file sent may be `index.html.br`; the rules follow the original.
      const file = served.replace(/\.(br|gz)$/, '');
      void reply.header('referrer-policy', 'no-referrer');
      void reply.header('x-content-type-options', 'nosniff');
      if (file.endsWith('.html')) {
        void reply.header('content-security-policy', csp);
        void reply.header('cache-control', 'no-cache');
      } else if (file.includes(`${path.sep}assets${path.sep}`)) {
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        void reply.header('cache-control', 'public, max-age=3600');
      }
    },
  });
}
