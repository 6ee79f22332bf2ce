import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  ChasePlanId,
  CreateChaseRequest,
  GameCodeParam,
  MyGameBetsQuery,
  PlaceGameBetsRequest,
  gameBetPaths,
  gameChasePaths,
} from '@nebula/protocol/venue/games/index';
import { VenueError } from '../../infra/venue-error';
import { refusalStatus, sessionKey } from '../h5/h5.routes';
import type { H5Limiter } from '../h5/h5-limits.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import type { SessionService } from '../sessions/session.service';
import type { GamesModule } from './games.module';

/** What the bet routes call: the games, the page budgets and the sessions. */
export interface GameBetRouteDeps {
  games: GamesModule;
  h5Limits: H5Limiter;
  sessions: SessionService;
}

const bearer = (req: FastifyRequest): string | null => {
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') && auth.length < 120
    ? auth.slice(7)
    : null;
};

function parsed<T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, v: unknown) {
  const r = schema.safeParse(v);
  if (!r.success) throw new VenueError(ErrorCode.VenueRequestInvalid);
  return r.data as T;
}

/**
 * Betting on house game rounds and 追号 (docs/contract.md §10.11): the player's session token as
 * `Authorization: Bearer …`, within the page's budgets (a placement within the stricter
 * ones); answers `{ code: 0, data }` or `{ code, message[, data] }`. Only a game venue's session
 * bets on its family's games (8070 otherwise).
 */
export function registerGameBetRoutes(app: FastifyInstance, s: GameBetRouteDeps): void {
  const bets = s.games.bets;
  const handle =
    (place: boolean, fn: (player: PlayerRef, req: FastifyRequest) => Promise<unknown>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        s.h5Limits.address(req.ip, place);
        const token = bearer(req);
        if (!token) throw new VenueError(ErrorCode.VenueSessionExpired);
        const p = await s.sessions.resolve(token);
        const player = { merchant: p.merchant, venueCode: p.venueCode, playerId: p.playerId };
        s.h5Limits.session(sessionKey(player), place);
        return reply.send({ code: 0, data: await fn(player, req) });
      } catch (err) {
        if (err instanceof VenueError) {
          return reply.status(refusalStatus(reply, err)).send({
            code: err.code,
            message: err.message,
            ...(err.data ? { data: err.data } : {}),
          });
        }
        throw err;
      }
    };
  const gameCode = (req: FastifyRequest) =>
    parsed<string>(GameCodeParam, (req.params as { gameCode?: string }).gameCode);

  app.post(
    gameBetPaths.place,
    handle(true, (player, req) =>
      bets.place(player, gameCode(req), parsed(PlaceGameBetsRequest, req.body ?? {})),
    ),
  );
  app.get(
    gameBetPaths.limits,
    handle(false, (player, req) => bets.limits(player, gameCode(req))),
  );
  app.get(
    gameBetPaths.mine,
    handle(false, (player, req) => bets.mine(player, parsed(MyGameBetsQuery, req.query ?? {}))),
  );
  // 追号: the plan is written now, its draws debited by the clock as they open.
  const chases = s.games.chases;
  app.post(
    gameChasePaths.create,
    handle(true, (player, req) =>
      chases.create(player, gameCode(req), parsed(CreateChaseRequest, req.body ?? {})),
    ),
  );
  app.get(
    gameChasePaths.mine,
    handle(false, (player) => chases.mine(player)),
  );
  app.post(
    gameChasePaths.cancel,
    handle(true, (player, req) =>
      chases.cancel(
        player,
        parsed<string>(ChasePlanId, (req.params as { planId?: string }).planId),
      ),
    ),
  );
}
