import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import { AppError } from '../lib/errors';
import { fail } from '../lib/envelope';
import { API_HEADERS } from './api-headers';

/** Paths that belong to the API: an unknown one gets a 404 envelope, never the site's HTML. */
export function isApiPath(url: string): boolean {
  return /^\/(?:(?:site|act|game|fd|agent|stream|admin)\/api(?:\/|$|\?)|api\/|stream\/ws\/|healthz|docs(?:\/|$))/.test(
    url,
  );
}

const apiPattern = new Map<string, boolean>();

/**
 * isApiPath for a request, decided once per route pattern (the answer depends only on the
 * prefix, which a pattern fixes); wildcard routes and unknown paths are decided by the URL.
 */
export function isApiRequest(req: FastifyRequest): boolean {
  const pattern = req.routeOptions.url;
  if (pattern === undefined || pattern.includes('*')) return isApiPath(req.url);
  let api = apiPattern.get(pattern);
  if (api === undefined) {
    api = isApiPath(pattern);
    apiPattern.set(pattern, api);
  }
  return api;
}

/**
 * What a caller is told about input the framework refused before any route ran: a word of the
 * contract's, never the framework's internal error name.
 */
export function publicReason(code: string | undefined): string {
  if (code === undefined) return 'bad_request';
  if (code.startsWith('FST_ERR_BAD_URL')) return 'bad_url';
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  if (code.startsWith('FST_ERR_CTP_') || code === 'FST_ERR_VALIDATION') return 'malformed_body';
  return 'bad_request';
}

/**
 * The one error handler: every error becomes the envelope. Business
 * errors are HTTP 200 with their code; transport outcomes keep their HTTP status; anything
 * unexpected is 500 with 10001 and is logged with the request id, never shown.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.httpStatus >= 500) req.log.error({ err }, 'request failed');
      return reply.status(err.httpStatus).send(fail(err.code, err.message, err.data));
    }
    if (err.validation) {
      const issues = err.validation.map((v) => ({
        path: (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'invalid',
      }));
      return reply.status(200).send(fail(ErrorCode.Validation, undefined, { issues }));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.status(413).send(fail(ErrorCode.Validation, '请求内容过大'));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(fail(ErrorCode.RateLimited));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's input, not our fault.
      return reply
        .status(200)
        .send(fail(ErrorCode.Validation, undefined, { reason: publicReason(err.code) }));
    }
    req.log.error({ err }, 'unexpected error');
    return reply.status(500).send(fail(ErrorCode.Common));
  });
}

/**
 * Fastify's `frameworkErrors`: the router could not read the URL (`/%`, a parameter past its
 * length), so no hook ran. Answered like any bad input — the envelope with 10003 and the
 * security headers — without echoing the path back.
 */
export function frameworkErrorHandler(
  err: FastifyError,
  _req: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.headers(API_HEADERS);
  if (err.statusCode !== undefined && err.statusCode >= 500) {
    void reply.status(500).send(fail(ErrorCode.Common));
    return;
  }
  void reply
    .status(200)
    .send(fail(ErrorCode.Validation, undefined, { reason: publicReason(err.code) }));
}
