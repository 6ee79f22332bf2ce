import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  BalanceRequest,
  EndSessionsRequest,
  LaunchRequest,
  MERCHANT_HEADERS,
  TransferRequest,
  TransferStatusRequest,
  merchantPaths,
} from '@nebula/protocol/venue/merchant';
import type { Db } from '@nebula/db';
import type { z } from 'zod';
import type { VenueConfig } from './config';
import { MerchantAuth } from './merchant/merchant-auth';
import { newNonce, signMerchant } from './merchant/merchant-signing';
import { VenueError } from './venue-error';
import { SessionService } from './session/session.service';
import { TransferService } from './wallet/transfer.service';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody: string;
  }
}

export interface VenueDeps {
  config: VenueConfig;
  db: Db;
  now?: () => number;
}

export interface VenueApp {
  app: FastifyInstance;
  transfers: TransferService;
  sessions: SessionService;
}

/**
 * The venue's HTTP face. This slice serves the merchant wallet calls (transfer, transfer
 * status, balance); every answer is `{ code, data }` or `{ code, message }`, signed for the
 * merchant when the caller proved to be one.
 */
export function buildVenueApp(deps: VenueDeps): VenueApp {
  const now = deps.now ?? (() => Date.now());
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  const auth = new MerchantAuth(deps.db, deps.config.merchants, now);
  const transfers = new TransferService(deps.db, now);
  const sessions = new SessionService(deps.db, deps.config.publicUrl, now);

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

  const send = (reply: FastifyReply, secret: string | null, payload: unknown) => {
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
    return reply.status(200).type('application/json').send(body);
  };

  /** One signed merchant call: authenticate, validate, run, answer signed. */
  const bind = <S extends z.ZodType>(
    path: string,
    schema: S,
    run: (merchant: string, body: z.infer<S>) => Promise<unknown>,
  ) => {
    app.post(path, async (req, reply) => {
      let secret: string | null = null;
      try {
        const caller = await auth.verify({
          method: req.method,
          pathWithQuery: req.url,
          headers: req.headers,
          rawBody: req.rawBody,
        });
        secret = caller.secret;
        const parsed = schema.safeParse(req.body);
        if (!parsed.success) throw new VenueError(ErrorCode.VenueRequestInvalid);
        const venueCode = (parsed.data as { venueCode?: string }).venueCode;
        if (venueCode !== undefined && !deps.config.venueCodes.has(venueCode)) {
          throw new VenueError(ErrorCode.VenueUnknown);
        }
        return send(reply, secret, { code: 0, data: await run(caller.merchant, parsed.data) });
      } catch (err) {
        if (err instanceof VenueError) {
          return send(reply, secret, { code: err.code, message: err.message });
        }
        req.log.error({ err }, 'venue call failed');
        return reply.status(500).send({ code: ErrorCode.Common, message: '系统错误' });
      }
    });
  };

  bind(merchantPaths.transfer, TransferRequest, (merchant, body) =>
    transfers.transfer(merchant, body),
  );
  bind(merchantPaths.transferStatus, TransferStatusRequest, (merchant, body) =>
    transfers.status(merchant, body.transferId),
  );
  bind(merchantPaths.launch, LaunchRequest, (merchant, body) => sessions.launch(merchant, body));
  bind(merchantPaths.endSessions, EndSessionsRequest, (merchant, body) =>
    sessions.endSessions(merchant, body.venueCode, body.playerId),
  );
  // The H5 page's first call (not a merchant call): the URL token for a session token.
  app.post('/h5/api/session/exchange', async (req, reply) => {
    const token = (req.body as { token?: unknown } | null)?.token;
    try {
      if (typeof token !== 'string' || token.length > 100) {
        throw new VenueError(ErrorCode.VenueSessionExpired);
      }
      return send(reply, null, { code: 0, data: await sessions.exchange(token) });
    } catch (err) {
      if (err instanceof VenueError)
        return send(reply, null, { code: err.code, message: err.message });
      throw err;
    }
  });
  bind(merchantPaths.balance, BalanceRequest, async (merchant, body) => ({
    balance: await transfers.balance(merchant, body.venueCode, body.playerId),
  }));

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
  return { app, transfers, sessions };
}
