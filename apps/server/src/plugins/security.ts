import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { API_HEADERS } from './api-headers';
import { isApiRequest } from './error-handler';
import { registerRateLimit } from './rate-limit';

/**
 * The strict CSP of the member site: no inline script, no foreign origins but the venues' —
 * their pages may be framed and their dialect APIs called (the third-party proxy of contract
 * §8), and only those the registry holds.
 */
export function contentSecurityPolicy(
  extraConnect: string[] = [],
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
    frameSrc: ["'self'", ...venues],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** The venue origins the page's CSP allows, and a way to hear that they changed. */
export interface VenueOriginSource {
  origins(): Promise<Record<string, string>>;
  onChange(listener: () => void): void;
}

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  redis: Redis | null,
  venues?: VenueOriginSource,
): Promise<void> {
  // Documents get helmet's full set; JSON replies only what matters for JSON, since every
  // byte of header is paid on every API call. They change only when the venue registry does.
  const build = (origins: string[]) =>
    securityHeaders(contentSecurityPolicy(wsOrigins(config), origins));
  let pageHeaders = build([]);
  if (venues) {
    const rebuild = async () => {
      pageHeaders = build(Object.values(await venues.origins()));
    };
    await rebuild();
    venues.onChange(() => {
      rebuild().catch((err: unknown) => app.log.error({ err }, 'page CSP not rebuilt'));
    });
  }
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiRequest(req) ? API_HEADERS : pageHeaders);
    done();
  });
  await app.register(compress, {
    // Below ~1 KB a compressed body saves less than it costs (and fits one packet anyway).
    threshold: 1024,
    // On-the-fly brotli at its default quality 11 costs far more CPU than it saves.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Responses only: no client sends compressed bodies, and inflating them would be a hook on
    // every call and a way round the body limit.
    globalDecompression: false,
  });
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
