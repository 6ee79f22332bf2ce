import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  GameCodeParam,
  SetClientSeedRequest,
  SpinHistoryQuery,
  SpinIdParam,
  SpinRequest,
  slotPaths,
} from '@nebula/protocol/venue/games/index';
import { parSheetFile } from '@nebula/protocol/venue/games/slots/index';
import { VenueError } from '../../infra/venue-error';
import { refusalStatus, sessionKey } from '../h5/h5.routes';
import type { H5Limiter } from '../h5/h5-limits.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import type { SessionService } from '../sessions/session.service';
import type { SlotsModule } from './slots.module';

export interface SlotRouteDeps {
  slots: SlotsModule;
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

const refuse = (reply: FastifyReply, err: VenueError) =>
  reply.status(refusalStatus(reply, err)).send({
    code: err.code,
    message: err.message,
    ...(err.data ? { data: err.data } : {}),
  });

/**
 * The house slots and the player's seed pair (docs/contract.md §10.13, §10.5): the session
 * token as `Authorization: Bearer …`, within the page's budgets (a spin and a seed change
 * within the stricter placement ones); answers `{ code: 0, data }` or `{ code, message[, data] }`.
 * The par sheet is public: its exact bytes at a versioned URL, so anyone can hash them.
 */
export function registerSlotRoutes(app: FastifyInstance, s: SlotRouteDeps): void {
  const { spins, seeds } = s.slots;
  const handle =
    (write: boolean, fn: (player: PlayerRef, req: FastifyRequest) => Promise<unknown>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        s.h5Limits.address(req.ip, write);
        const token = bearer(req);
        if (!token) throw new VenueError(ErrorCode.VenueSessionExpired);
        const p = await s.sessions.resolve(token);
        const player = { merchant: p.merchant, venueCode: p.venueCode, playerId: p.playerId };
        s.h5Limits.session(sessionKey(player), write);
        return reply.send({ code: 0, data: await fn(player, req) });
      } catch (err) {
        if (err instanceof VenueError) return refuse(reply, err);
        throw err;
      }
    };

  app.get(
    slotPaths.games,
    handle(false, (player) => Promise.resolve(spins.list(player))),
  );
  app.get(slotPaths.parSheet, async (req, reply) => {
    try {
      s.h5Limits.address(req.ip);
      const { gameCode, file } = req.params as { gameCode?: string; file?: string };
      const game = spins.game(null, parsed<string>(GameCodeParam, gameCode));
      if (file !== parSheetFile(game.parSheet.version)) {
        throw new VenueError(ErrorCode.VenuePaytableUnknown);
      }
      return reply
        .type('application/json')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(game.text);
    } catch (err) {
      if (err instanceof VenueError) return refuse(reply, err);
      throw err;
    }
  });
  app.get(
    slotPaths.seeds,
    handle(false, (player) => seeds.view(player)),
  );
  app.post(
    slotPaths.clientSeed,
    handle(true, (player, req) =>
      seeds.setClientSeed(player, parsed(SetClientSeedRequest, req.body ?? {}).clientSeed),
    ),
  );
  app.post(
    slotPaths.rotate,
    handle(true, (player) => seeds.rotate(player)),
  );
  app.post(
    slotPaths.spin,
    handle(true, (player, req) => spins.spin(player, parsed(SpinRequest, req.body ?? {}))),
  );
  app.get(
    slotPaths.mine,
    handle(false, (player, req) => spins.mine(player, parsed(SpinHistoryQuery, req.query ?? {}))),
  );
  app.get(
    slotPaths.detail,
    handle(false, (player, req) =>
      spins.detail(player, parsed<string>(SpinIdParam, (req.params as { spinId?: string }).spinId)),
    ),
  );
}
