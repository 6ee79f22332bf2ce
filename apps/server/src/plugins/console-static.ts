import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ConsoleAppConfig } from '../config/console-app-config';

/** Where the operator console is served (its Vite `base`). */
export const CONSOLE_PREFIX = '/console/';

/**
 * The console's index.html with what the page reads from the platform: the inactivity limit.
 * Null when the console is not built.
 */
export function consoleIndex(c: ConsoleAppConfig): string | null {
  const file = path.join(c.dist, 'index.html');
  if (!existsSync(file)) return null;
  const meta = `<meta name="nebula-console-idle-minutes" content="${c.idleMinutes}" />`;
  return readFileSync(file, 'utf8').replace('</head>', `${meta}</head>`);
}

/**
 * Serves the built operator console under /console/ (docs/architecture.md, "Operator
 * console"): its hashed assets as files (pre-compressed by the build), every other page path
 * the console's index.html, which routes in the browser. Its own CSP is set by the security
 * plugin; no member-site cookie means anything here (the console sends X-Admin-Token only).
 */
export async function registerConsoleStatic(
  app: FastifyInstance,
  c: ConsoleAppConfig,
): Promise<void> {
  const index = consoleIndex(c);
  app.get('/console', { schema: { hide: true } }, (_req, reply) =>
    reply.redirect(CONSOLE_PREFIX, 302),
  );
  if (index) {
    await app.register(fastifyStatic, {
      root: c.dist,
      prefix: CONSOLE_PREFIX,
      // Only the files the build wrote are routes; every other path is a page (below).
      wildcard: false,
      index: false,
      preCompressed: true,
      dotfiles: 'ignore',
      decorateReply: false,
      setHeaders(reply, filePath) {
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.get(`${CONSOLE_PREFIX}*`, { schema: { hide: true } }, (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    // A missing asset is a 404, never the page (a stale tab asks for old chunks).
    if (path.extname(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!index) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The operator console is not built: run npm run build.');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(index);
  });
}
