import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import { MERCHANT_HEADERS } from '@nebula/protocol/venue/merchant';
import { h5Paths } from '@nebula/protocol/venue/h5';
import type { Db } from '@nebula/db';
import type { VenueConfig } from './infra/config';
import type { Feed } from './modules/simulator/feed.types';
import { registerCors } from './modules/h5/h5-cors.plugin';
import { registerH5Page } from './modules/h5/h5-page.plugin';
import { refusalStatus, registerH5Routes } from './modules/h5/h5.routes';
import { registerMerchantRoutes } from './modules/merchant/merchant.routes';
import { registerOperatorRoutes } from './modules/operator/operator.routes';
import { registerOperatorListRoutes } from './modules/operator/operator-lists.routes';
import { registerGamesRoutes } from './modules/games/games.routes';
import { registerSlotRoutes } from './modules/slots/slots.routes';
import { newNonce, signMerchant } from './modules/merchant/merchant-signing.service';
import { VenueError } from './infra/venue-error';
import { buildVenueServices, type VenueServices } from './venue-services';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody: string;
  }
}

export interface VenueDeps {
  config: VenueConfig;
  db: Db;
  now?: () => number;
  feed?: Feed;
  /** Where the built page lives (default apps/venue-web/dist). */
  h5Dist?: string;
}

export interface VenueApp extends VenueServices {
  app: FastifyInstance;
}

/**
 * The venue's HTTP face: the signed merchant API for platforms, the URL-token exchange and the
 * engine API under the four dialects for its page. Every answer is `{ code, data }` or
 * `{ code, message }` (in the dialect's words for the page), signed for a merchant.
 */
export function buildVenueApp(deps: VenueDeps): VenueApp {
  const now = deps.now ?? (() => Date.now());
  const trust = deps.config.trustProxy;
  const app = Fastify({
    logger: false,
    bodyLimit: 64 * 1024,
    // The address the page's limits count: the peer, or the client behind trusted proxies (a
    // hop count trusts that many proxies nearest to us; fastify takes that as a function).
    trustProxy: typeof trust === 'number' ? (_addr: string, hop: number) => hop < trust : trust,
  });
  const services = buildVenueServices({ config: deps.config, db: deps.db, now, feed: deps.feed });

  app.decorateRequest('rawBody', '');
  // The signature covers the exact bytes sent: keep them, then parse.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    req.rawBody = String(body);
    try {
      done(null, req.rawBody === '' ? {} : (JSON.parse(req.rawBody) as unknown));
    } catch {
      done(new VenueError(ErrorCode.VenueRequestInvalid), undefined);
    }
  });

  const send = (reply: FastifyReply, secret: string | null, payload: unknown, status = 200) => {
    const body = JSON.stringify(payload);
    if (secret) {
      const timestamp = String(now());
      const nonce = newNonce();
      void reply.headers({
        [MERCHANT_HEADERS.timestamp]: timestamp,
        [MERCHANT_HEADERS.nonce]: nonce,
        [MERCHANT_HEADERS.signature]: signMerchant(secret, {
          method: 'RESPONSE',
          pathWithQuery: reply.request.url,
          timestamp,
          nonce,
          body,
        }),
      });
    }
    return reply.status(status).type('application/json').send(body);
  };

  registerCors(app, new Set([...deps.config.platformOrigins.values()].flat()));
  registerMerchantRoutes(app, services, send);
  registerH5Routes(app, services);
  registerGamesRoutes(app, services);
  registerSlotRoutes(app, services);
  registerOperatorRoutes(app, services.operatorAuth, services.operators);
  registerOperatorListRoutes(app, services.operatorAuth, services.operatorLists);
  registerH5Page(app, services, deps.db, deps.h5Dist ? { dist: deps.h5Dist } : {});

  // The H5 page's first call (not a merchant call): the URL token for a session token.
  app.post(h5Paths.exchange, async (req, reply) => {
    const token = (req.body as { token?: unknown } | null)?.token;
    try {
      // Guessing URL tokens is an engine call like any other: the address's budget.
      services.h5Limits.address(req.ip);
      if (typeof token !== 'string' || token.length > 100) {
        throw new VenueError(ErrorCode.VenueSessionExpired);
      }
      const data = await services.sessions.exchange(token, (p) => services.h5.preferences(p));
      return send(reply, null, { code: 0, data });
    } catch (err) {
      if (err instanceof VenueError) {
        const data = err.data ? { data: err.data } : {};
        const answer = { code: err.code, message: err.message, ...data };
        return send(reply, null, answer, refusalStatus(reply, err));
      }
      throw err;
    }
  });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof VenueError)
      return send(reply, null, { code: err.code, message: err.message });
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      return reply
        .status(status)
        .send({ code: ErrorCode.VenueRequestInvalid, message: '请求参数无效' });
    }
    return reply.status(500).send({ code: ErrorCode.Common, message: '系统错误' });
  });
  app.setNotFoundHandler((_req, reply) =>
    reply.status(404).send({ code: ErrorCode.Common, message: '接口不存在' }),
  );
  app.addHook('onClose', async () => {
    for (const t of services.timers) clearTimeout(t);
    await services.games.clock.stop();
    await services.leader.stop();
  });
  return { app, ...services };
}
