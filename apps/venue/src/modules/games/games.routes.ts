import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  GameCodeParam,
  ResultsQuery,
  RoundNoParam,
  gamesPaths,
} from '@nebula/protocol/venue/games/index';
import { refusalStatus, sessionKey } from '../../http/h5.routes';
import type { VenueServices } from '../../venue-services';
import { VenueError } from '../../venue-error';

const bearer = (req: FastifyRequest): string | null => {
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') && auth.length < 120
    ? auth.slice(7)
    : null;
};

const param = <T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  if (!r.success) throw new VenueError(ErrorCode.VenueRequestInvalid);
  return r.data as T;
};

/**
 * The house games' read API (docs/contract.md §10.10) for the venue's game pages: the player's
 * session token as `Authorization: Bearer …` (any venue code's session), within the page's
 * budgets; answers `{ code: 0, data }` or `{ code, message }`. The paytable is public: its
 * exact bytes at a versioned URL, so anyone can hash them.
 */
export function registerGamesRoutes(app: FastifyInstance, s: VenueServices): void {
  const games = s.games.service;
  const handle =
    (fn: (req: FastifyRequest) => Promise<unknown>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        s.h5Limits.address(req.ip);
        const token = bearer(req);
        if (!token) throw new VenueError(ErrorCode.VenueSessionExpired);
        const p = await s.sessions.resolve(token);
        s.h5Limits.session(sessionKey(p));
        return reply.send({ code: 0, data: await fn(req) });
      } catch (err) {
        if (err instanceof VenueError) {
          return reply
            .status(refusalStatus(reply, err))
            .send({ code: err.code, message: err.message });
        }
        throw err;
      }
    };
  type Params = { gameCode?: string; roundNo?: string; file?: string };
  const code = (req: FastifyRequest) =>
    param<string>(GameCodeParam, (req.params as Params).gameCode);

  app.get(
    gamesPaths.list,
    handle(() => games.list()),
  );
  app.get(
    gamesPaths.results,
    handle((req) => games.results(code(req), param(ResultsQuery, req.query ?? {}).limit)),
  );
  app.get(
    gamesPaths.round,
    handle((req) =>
      games.round(code(req), param<string>(RoundNoParam, (req.params as Params).roundNo)),
    ),
  );
  app.get(
    gamesPaths.chain,
    handle((req) => games.chains(code(req))),
  );
  app.get(gamesPaths.paytable, async (req, reply) => {
    try {
      s.h5Limits.address(req.ip);
      const { gameCode, file } = req.params as Params;
      const text = games.paytable(param<string>(GameCodeParam, gameCode), String(file));
      return reply
        .type('application/json')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(text);
    } catch (err) {
      if (err instanceof VenueError) {
        return reply
          .status(refusalStatus(reply, err))
          .send({ code: err.code, message: err.message });
      }
      throw err;
    }
  });
}
