import type { FastifyInstance } from 'fastify';
import {
  VENUE_OPERATOR_HEADER,
  VENUE_OPERATOR_NAME_HEADER,
  venueOperatorCalls,
  venueOperatorPaths,
  type VenueOperatorCall,
  type VenueOperatorRole,
} from '@nebula/protocol/venue/operator';
import type { z } from 'zod';
import type { Operator, OperatorService } from './operator.service';
import type { OperatorAuth } from './operator-auth.service';
import { VenueError } from '../../infra/venue-error';
import { bindVenueRoutes, type VenueRoute, type VenueSurface } from '../../http/route-binder';

type Handlers = {
  [K in VenueOperatorCall]: (
    op: Operator,
    body: z.infer<(typeof venueOperatorCalls)[K]['request']>,
  ) => Promise<unknown>;
};

/**
 * The operator API's surface: the operator token in its header, the role checked per call
 * before the body is even read, answers `{ code: 0, data }` or `{ code, message }`.
 */
export function operatorSurface(auth: OperatorAuth): VenueSurface<Operator, VenueOperatorRole> {
  return {
    caller: (req, role) =>
      auth.verify(
        req.headers[VENUE_OPERATOR_HEADER],
        role,
        req.headers[VENUE_OPERATOR_NAME_HEADER],
      ),
    input: (req) => req.body ?? {},
    answer: (reply, _op, outcome) =>
      outcome instanceof VenueError
        ? reply.send({ code: outcome.code, message: outcome.message })
        : reply.send({ code: 0, data: outcome.data }),
  };
}

/**
 * The operator API (contract §6): POST with JSON, one row per call of the protocol's table
 * (path, role, schema) and the one service call it makes. No CORS: operators use tools, not a
 * member's browser.
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  auth: OperatorAuth,
  ops: OperatorService,
): void {
  const handlers: Handlers = {
    settings: () => ops.readSettings(),
    updateSettings: (op, b) => ops.updateSettings(op, b),
    holdEvent: (op, b) => ops.holdEvent(op, b.eventId, b.held),
    holdMarket: (op, b) => ops.holdMarket(op, b.eventId, b.marketKey, b.held),
    result: (op, b) => ops.enterResult(op, b),
    liability: (_op, b) => ops.liability(b.eventId),
    voidBet: (op, b) => ops.voidBet(op, b.betId, b.reason),
    resettleBet: (op, b) => ops.resettleBet(op, b.betId, b.legs, b.reason),
    voidMarket: (op, b) => ops.voidMarket(op, b.eventId, b.marketKey, b.reason),
    player: (_op, b) => ops.player(b),
    writeOffDebt: (op, b) => ops.writeOffDebt(op, b, b.reason),
    dailyReport: (_op, b) => ops.dailyReport(b.date),
    audit: (_op, b) => ops.audit(b.limit),
  };
  const table = (Object.keys(venueOperatorPaths) as VenueOperatorCall[]).map(
    (call): VenueRoute<Operator, VenueOperatorRole> => ({
      method: 'POST',
      path: venueOperatorPaths[call],
      access: venueOperatorCalls[call].role,
      input: venueOperatorCalls[call].request,
      run: handlers[call] as (op: Operator, body: unknown) => Promise<unknown>,
    }),
  );
  bindVenueRoutes(app, operatorSurface(auth), table);
}
