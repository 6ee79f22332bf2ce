import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  BalanceRequest,
  ChangesRequest,
  EndSessionsRequest,
  LaunchRequest,
  SummaryRequest,
  TransferRequest,
  TransferStatusRequest,
  merchantPaths,
} from '@nebula/protocol/venue/merchant';
import type { z } from 'zod';
import type { VenueServices } from '../../venue-services';
import { VenueError } from '../../infra/venue-error';

export type SignedSend = (reply: FastifyReply, secret: string | null, payload: unknown) => unknown;

/**
 * The merchant API (contract §6): each call authenticated by its signature, validated against
 * the protocol's schema, run by one service and answered signed — `{ code: 0, data }` or
 * `{ code, message[, data] }`. Routes stay thin; what a call does lives in its service.
 */
export function registerMerchantRoutes(app: FastifyInstance, s: VenueServices, send: SignedSend) {
  const bind = <S extends z.ZodType>(
    path: string,
    schema: S,
    run: (merchant: string, body: z.infer<S>) => Promise<unknown>,
  ) => {
    app.post(path, async (req, reply) => {
      let secret: string | null = null;
      try {
        const caller = await s.auth.verify({
          method: req.method,
          pathWithQuery: req.url,
          headers: req.headers,
          rawBody: req.rawBody,
        });
        secret = caller.secret;
        const parsed = schema.safeParse(req.body);
        if (!parsed.success) throw new VenueError(ErrorCode.VenueRequestInvalid);
        const venueCode = (parsed.data as { venueCode?: string }).venueCode;
        if (venueCode !== undefined && !s.config.venueCodes.has(venueCode)) {
          throw new VenueError(ErrorCode.VenueUnknown);
        }
        return send(reply, secret, { code: 0, data: await run(caller.merchant, parsed.data) });
      } catch (err) {
        if (err instanceof VenueError) {
          const data = err.data ? { data: err.data } : {};
          return send(reply, secret, { code: err.code, message: err.message, ...data });
        }
        req.log.error({ err }, 'venue call failed');
        return reply.status(500).send({ code: ErrorCode.Common, message: '系统错误' });
      }
    });
  };

  bind(merchantPaths.transfer, TransferRequest, (merchant, body) =>
    s.transfers.transfer(merchant, body),
  );
  bind(merchantPaths.transferStatus, TransferStatusRequest, (merchant, body) =>
    s.transfers.status(merchant, body.transferId),
  );
  bind(merchantPaths.balance, BalanceRequest, (merchant, body) =>
    s.transfers.balance(merchant, body.venueCode, body.playerId),
  );
  bind(merchantPaths.launch, LaunchRequest, (merchant, body) => s.sessions.launch(merchant, body));
  bind(merchantPaths.endSessions, EndSessionsRequest, (merchant, body) =>
    s.sessions.endSessions(merchant, body.venueCode, body.playerId),
  );
  bind(merchantPaths.betChanges, ChangesRequest, (merchant, body) =>
    s.feeds.betChanges(merchant, body.venueCode, body.cursor, body.limit),
  );
  bind(merchantPaths.scoreChanges, ChangesRequest, (_merchant, body) =>
    s.feeds.scoreChanges(body.cursor, body.limit),
  );
  bind(merchantPaths.summary, SummaryRequest, (_merchant, body) =>
    s.feeds.summary(s.config.familyOf.get(body.venueCode) ?? 'TY'),
  );
}
