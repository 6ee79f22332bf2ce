import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  GameCodeParam,
  ResultsQuery,
  RoundNoParam,
  gamesOperatorCalls,
  gamesOperatorPaths,
  gamesPaths,
  type GamesOperatorCall,
  type SetGameLimitsRequest,
} from '@nebula/protocol/venue/games/index';
import { VENUE_OPERATOR_HEADER, VENUE_OPERATOR_NAME_HEADER } from '@nebula/protocol/venue/operator';
import type { Operator } from '../operator/operator.service';
import { refusalStatus, sessionKey } from '../h5/h5.routes';
import type { H5Limiter } from '../h5/h5-limits.service';
import type { OperatorAuth } from '../operator/operator-auth.service';
import type { SessionService } from '../sessions/session.service';
import type { GamesModule } from './games.module';
import { VenueError } from '../../infra/venue-error';
import { registerGameBetRoutes } from './game-bets.routes';
import { registerTableRoutes } from './tables.routes';

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
/** What the games' routes call: the games, the page budgets, sessions and operator tokens. */
export interface GamesRouteDeps {
  games: GamesModule;
  h5Limits: H5Limiter;
  sessions: SessionService;
  operatorAuth: OperatorAuth;
}

export function registerGamesRoutes(app: FastifyInstance, s: GamesRouteDeps): void {
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

  registerGameBetRoutes(app, s);
  registerTableRoutes(app, { ...s, tables: s.games.tables });
  registerGamesOperatorRoutes(app, s);
}

/** The games' operator calls, with the venue's operator auth and roles. */
function registerGamesOperatorRoutes(app: FastifyInstance, s: GamesRouteDeps): void {
  const ops = s.games.operator;
  const handlers: Record<GamesOperatorCall, (op: Operator, body: never) => Promise<unknown>> = {
    games: () => ops.games(),
    setGameStatus: (op, b: { gameCode: string; status: 'open' | 'closed'; reason: string }) =>
      ops.setStatus(op, b.gameCode, b.status, b.reason),
    publishChain: (op, b: { gameCode: string }) => ops.publishChain(op, b.gameCode),
    round: (_op, b: { gameCode: string; roundNo: string }) => ops.round(b.gameCode, b.roundNo),
    voidRound: (op, b: { gameCode: string; roundNo: string; reason: string }) =>
      ops.voidRound(op, b.gameCode, b.roundNo, b.reason),
    limits: (_op, b: { gameCode: string }) => ops.limits(b.gameCode),
    setLimits: (op, b: SetGameLimitsRequest) => ops.setLimits(op, b),
    dailyReport: (_op, b: { gameCode: string; date: string }) =>
      ops.dailyReport(b.gameCode, b.date),
  };
  for (const call of Object.keys(gamesOperatorPaths) as GamesOperatorCall[]) {
    const { request, role } = gamesOperatorCalls[call];
    const run = handlers[call] as (op: Operator, body: unknown) => Promise<unknown>;
    app.post(gamesOperatorPaths[call], async (req, reply) => {
      try {
        const op = s.operatorAuth.verify(
          req.headers[VENUE_OPERATOR_HEADER],
          role,
          req.headers[VENUE_OPERATOR_NAME_HEADER],
        );
        const parsed = request.safeParse(req.body ?? {});
        if (!parsed.success) throw new VenueError(ErrorCode.VenueRequestInvalid);
        return reply.send({ code: 0, data: await run(op, parsed.data) });
      } catch (err) {
        if (err instanceof VenueError) return reply.send({ code: err.code, message: err.message });
        throw err;
      }
    });
  }
}
