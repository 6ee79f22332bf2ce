import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_CSP_NONCE_PLACEHOLDER as NONCE } from '@nebula/protocol';
import type { ConsoleAppConfig } from '../config/console-app-config';
import { consoleContentSecurityPolicy, securityHeaders } from './security';

/** Where the operator console is served (its Vite `base`). */
export const CONSOLE_PREFIX = '/console/';

/**
 * The console's index.html with what the page reads from the platform: the inactivity limit,
 * and the CSP nonce's placeholder (the build writes it; added here if a build did not). Null
 * when the console is not built.
 */
export function consoleIndex(c: ConsoleAppConfig): string | null {
  const file = path.join(c.dist, 'index.html');
  if (!existsSync(file)) return null;
  let meta = `<meta name="nebula-console-idle-minutes" content="${c.idleMinutes}" />`;
  const html = readFileSync(file, 'utf8');
  if (!html.includes(NONCE)) meta += `<meta property="csp-nonce" nonce="${NONCE}" />`;
  return html.replace('</head>', `${meta}</head>`);
}

/** A fresh nonce per page: 128 random bits, base64 as CSP's nonce-source wants. */
const newNonce = () => randomBytes(16).toString('base64');

/**
 * The platform the build calls when not its own origin: the meta tag vite.config.ts writes
 * from CONSOLE_API_ORIGIN (empty for the default build). Only a bare origin is taken: the
 * file is the page's, but what goes into its CSP must not be able to add a directive.
 */
export function consoleApiOrigin(html: string): string | null {
  const m =
    /<meta name="nebula-console-api-origin" content="(https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?)"/.exec(
      html,
    );
  return m?.[1] ?? null;
}

/**
 * The page's own CSP with its nonce: computed once with the placeholder (helmet's work is not
 * repeated per page), the nonce put in per response. The build's API origin, if any, is the
 * one other place it may connect to.
 */
function pageCspFor(index: string | null): (nonce: string) => string {
  const api = index ? consoleApiOrigin(index) : null;
  const policy = consoleContentSecurityPolicy(NONCE, api ? [api] : []);
  const template = securityHeaders(policy)['content-security-policy']!;
  return (nonce: string) => template.replace(NONCE, nonce);
}

/**
 * Serves the built operator console under /console/ (docs/architecture.md, "Operator
 * console"): its hashed assets as files (pre-compressed by the build), every other page path
 * the console's index.html, which routes in the browser, with a fresh CSP nonce each time. Its
 * own CSP is set by the security plugin and, for the page, here with the nonce; no member-site
 * cookie means anything here (the console sends X-Admin-Token only).
 */
export async function registerConsoleStatic(
  app: FastifyInstance,
  c: ConsoleAppConfig,
): Promise<void> {
  const index = consoleIndex(c);
  const pageCsp = pageCspFor(index);
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
    // Each response its own nonce: one seen in an old page or a cache never fits another.
    const nonce = newNonce();
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', pageCsp(nonce))
      .type('text/html; charset=utf-8')
      .send(index.replaceAll(NONCE, nonce));
  });
}
