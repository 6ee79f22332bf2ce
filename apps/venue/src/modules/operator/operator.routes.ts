import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  VENUE_OPERATOR_HEADER,
  venueOperatorCalls,
  venueOperatorPaths,
  type VenueOperatorCall,
} from '@nebula/protocol/venue/operator';
import type { z } from 'zod';
import type { Operator, OperatorService } from './operator.service';
import type { OperatorAuth } from './operator-auth.service';
import { VenueError } from '../../infra/venue-error';

type Handlers = {
  [K in VenueOperatorCall]: (
    op: Operator,
    body: z.infer<(typeof venueOperatorCalls)[K]['request']>,
  ) => Promise<unknown>;
};

/**
 * The operator API (issue 10 §7): POST with JSON, the operator token in its header, the role
 * checked per call before the body is even read, answers `{ code: 0, data }` or
 * `{ code, message }`. No CORS: operators use tools, not a member's browser.
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
  for (const call of Object.keys(venueOperatorPaths) as VenueOperatorCall[]) {
    const { request, role } = venueOperatorCalls[call];
    const run = handlers[call] as (op: Operator, body: unknown) => Promise<unknown>;
    app.post(venueOperatorPaths[call], async (req, reply) => {
      try {
        const op = auth.verify(req.headers[VENUE_OPERATOR_HEADER], role);
        const parsed = request.safeParse(req.body ?? {});
        if (!parsed.success) throw new VenueError(ErrorCode.VenueRequestInvalid);
        return reply.send({ code: 0, data: await run(op, parsed.data) });
      } catch (err) {
        if (err instanceof VenueError) {
          return reply.send({ code: err.code, message: err.message });
        }
        throw err;
      }
    });
  }
}
