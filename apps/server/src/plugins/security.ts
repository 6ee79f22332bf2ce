import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config/config';
import { compressApiRoutesOurselves } from './api-compression';
import { API_HEADERS } from './api-headers';
import { registerRateLimit } from './rate-limit';
import { addGateStage } from './request-gate';

/**
 * The strict CSP of the member site: no inline script, no foreign origins — but for the
 * operator's online-service page, which the 客服 tab may open in a frame (`extraFrame`), and the
 * venues the registry holds, whose pages are framed and whose dialect APIs the third-party
 * proxy calls (contract §8).
 */
export function contentSecurityPolicy(
  extraConnect: string[] = [],
  extraFrame: string[] = [],
  venueOrigins: string[] = [],
): Record<string, string[]> {
  const venues = [...new Set(venueOrigins)];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...extraConnect, ...venues],
    frameSrc: ["'self'", ...new Set([...extraFrame, ...venues])],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * The operator console's CSP (docs/architecture.md, "Operator console"): scripts, frames and
 * connections from the origin only, nothing framed. antd's CSS-in-JS writes <style> elements at
 * run time: the page's response carries a fresh nonce (console-static.ts) and only <style>
 * elements bearing it apply — an injected one does not. Assets get the policy without a nonce.
 */
export function consoleContentSecurityPolicy(
  nonce?: string,
  /** The platform's origin when the build calls one other than its own (CONSOLE_API_ORIGIN). */
  apiOrigins: readonly string[] = [],
): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    styleSrcElem: ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : [])],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...apiOrigins],
    frameSrc: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** Whether a request is for the console's pages or assets (which get the console's CSP). */
function isConsoleRequest(url: string): boolean {
  return url === '/console' || url.startsWith('/console/') || url.startsWith('/console?');
}

/** @fastify/compress as the app registers it (pages, files, not-found answers). */
export const COMPRESS_OPTIONS = {
  // Below ~1 KB a compressed body saves less than it costs (and fits one packet anyway).
  threshold: 1024,
  // On-the-fly brotli at its default quality 11 costs far more CPU than it saves.
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  // Responses only: no client sends compressed bodies, and inflating them would be a hook on
  // every call and a way round the body limit.
  globalDecompression: false,
};

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  redis: Redis | null,
  frameOrigins: () => string[] = () => [],
  /** The venues' public origins (the registry's, kept current on every node). */
  venueOrigins: () => string[] = () => [],
): Promise<void> {
  // Documents get helmet's full set; JSON replies only what matters for JSON, since every
  // byte of header is paid on every API call. The page headers change only when the framed
  // origins (site settings) or the venue registry do: they are rebuilt then, not per request.
  let framed = '';
  let pageHeaders = securityHeaders(contentSecurityPolicy(wsOrigins(config)));
  const headersForPages = () => {
    const origins = frameOrigins();
    const venues = venueOrigins();
    const key = `${origins.join(' ')}|${venues.join(' ')}`;
    if (key !== framed) {
      framed = key;
      pageHeaders = securityHeaders(contentSecurityPolicy(wsOrigins(config), origins, venues));
    }
    return pageHeaders;
  };
  const consoleHeaders = securityHeaders(consoleContentSecurityPolicy());
  addGateStage(app, (req, reply, route) => {
    if (route.api) reply.headers(API_HEADERS);
    else reply.headers(isConsoleRequest(req.url) ? consoleHeaders : headersForPages());
  });
  // The API's routes compress in one hook of ours, cheap for a small answer (api-compression.ts);
  // pages, files and the not-found answers keep the plugin.
  compressApiRoutesOurselves(app);
  await app.register(compress, COMPRESS_OPTIONS);
  // Counters on every reply cost bytes on every call; a refused call gets Retry-After.
  registerRateLimit(app, { ...config.rateLimit, redis, redisPrefix: config.redisPrefix });
}

/**
 * Helmet's headers, computed once: running helmet per request re-parses the CSP every time,
 * and the headers never change while the process runs.
 */
export function securityHeaders(directives: Record<string, string[]>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    // The member site frames none of its own pages and nobody else may: DENY says what the
    // CSP's frame-ancestors 'none' says, for browsers that only read this header.
    xFrameOptions: { action: 'deny' },
  });
  middleware({} as IncomingMessage, res, () => undefined);
  return headers;
}

/** 'self' already covers same-origin websockets (CSP 3); a public URL may differ from the host. */
function wsOrigins(config: Config): string[] {
  if (!config.publicUrl) return [];
  const u = new URL(config.publicUrl);
  return [`${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`];
}

/**
 * The https origins of the operator's online-service pages, when they are set to open in the
 * site's frame: the page CSP lets exactly those be framed (an in-site path is 'self').
 */
export function customerServiceOrigins(settings: {
  cached(): { csUrl: string; csBackupUrl: string; csOpenMode: string } | null;
}): string[] {
  const s = settings.cached();
  if (!s || s.csOpenMode !== 'frame') return [];
  const origins = new Set<string>();
  for (const url of [s.csUrl, s.csBackupUrl]) {
    try {
      const u = new URL(url);
      if (u.protocol === 'https:' || u.protocol === 'http:') origins.add(u.origin);
    } catch {
      // '' or an in-site path: nothing to add
    }
  }
  return [...origins].sort();
}
