import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  MyTableBetsQuery,
  PlaceTableBetsRequest,
  SetTableLimitsRequest,
  TableLimitsRequest,
  ShoeNoParam,
  TableCodeParam,
  TableRoundNoParam,
  tablesOperatorPaths,
  tablesPaths,
} from '@nebula/protocol/venue/games/tables-api';
import { VenueError } from '../../infra/venue-error';
import { refusalStatus, sessionKey } from '../h5/h5.routes';
import type { H5Limiter } from '../h5/h5-limits.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import type { SessionService } from '../sessions/session.service';
import { VENUE_OPERATOR_HEADER } from '@nebula/protocol/venue/operator';
import type { OperatorAuth } from '../operator/operator-auth.service';
import type { TableBetsService } from './table-bets.service';
import type { TablesOperatorService } from './tables-operator.service';
import type { TablesService } from './tables.service';

export interface TableRouteDeps {
  tables: { service: TablesService; bets: TableBetsService; operator: TablesOperatorService };
  h5Limits: H5Limiter;
  operatorAuth: OperatorAuth;
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
 * The live tables' API (docs/contract.md §10.12): the member's session token as
 * `Authorization: Bearer …`, within the page's budgets (a placement within the stricter ones);
 * answers `{ code: 0, data }` or `{ code, message[, data] }`. Reads are open to any session;
 * bets only to a ZR game venue's (8120 otherwise).
 */
export function registerTableRoutes(app: FastifyInstance, s: TableRouteDeps): void {
  const { service, bets } = s.tables;
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
  type Params = { tableCode?: string; roundNo?: string; shoeNo?: string };
  const code = (req: FastifyRequest) =>
    parsed<string>(TableCodeParam, (req.params as Params).tableCode);

  app.get(
    tablesPaths.list,
    handle(false, () => service.list()),
  );
  app.get(
    tablesPaths.mine,
    handle(false, (player, req) => bets.mine(player, parsed(MyTableBetsQuery, req.query ?? {}))),
  );
  app.get(
    tablesPaths.table,
    handle(false, (_p, req) => service.get(code(req))),
  );
  app.post(
    tablesPaths.place,
    handle(true, (player, req) =>
      bets.place(player, code(req), parsed(PlaceTableBetsRequest, req.body ?? {})),
    ),
  );
  app.get(
    tablesPaths.round,
    handle(false, (_p, req) =>
      service.round(code(req), parsed<string>(TableRoundNoParam, (req.params as Params).roundNo)),
    ),
  );
  app.get(
    tablesPaths.shoe,
    handle(false, (_p, req) =>
      service.shoe(code(req), parsed<string>(ShoeNoParam, (req.params as Params).shoeNo)),
    ),
  );
  // Operators: the tables' limits and chips (viewer reads, admin changes with a reason).
  const ops = [
    [tablesOperatorPaths.limits, 'viewer', TableLimitsRequest],
    [tablesOperatorPaths.setLimits, 'admin', SetTableLimitsRequest],
  ] as const;
  for (const [path, role, schema] of ops) {
    app.post(path, async (req, reply) => {
      try {
        const op = s.operatorAuth.verify(req.headers[VENUE_OPERATOR_HEADER], role);
        const data =
          schema === SetTableLimitsRequest
            ? await s.tables.operator.setLimits(op, parsed(SetTableLimitsRequest, req.body ?? {}))
            : await s.tables.operator.limits(parsed(TableLimitsRequest, req.body ?? {}).tableCode);
        return reply.send({ code: 0, data });
      } catch (err) {
        if (err instanceof VenueError) return reply.send({ code: err.code, message: err.message });
        throw err;
      }
    });
  }
}
