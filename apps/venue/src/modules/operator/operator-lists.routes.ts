import type { FastifyInstance } from 'fastify';
import type { VenueOperatorRole } from '@nebula/protocol/venue/operator';
import {
  venueListCalls,
  venueListPaths,
  type VenueListCall,
} from '@nebula/protocol/venue/operator-lists';
import type { z } from 'zod';
import { bindVenueRoutes, type VenueRoute } from '../../http/route-binder';
import type { Operator } from './operator.service';
import type { OperatorAuth } from './operator-auth.service';
import type { OperatorListService } from './operator-lists.service';
import { operatorSurface } from './operator.routes';

type Handlers = {
  [K in VenueListCall]: (body: z.infer<(typeof venueListCalls)[K]['request']>) => Promise<unknown>;
};

/**
 * The operator lists (contract §6 "Lists"): the operator API's surface (token, role per call,
 * the body checked by the protocol's schema before the service reads it), one row per list.
 */
export function registerOperatorListRoutes(
  app: FastifyInstance,
  auth: OperatorAuth,
  lists: OperatorListService,
): void {
  const handlers: Handlers = {
    bets: ({ page, pageSize, after, ...f }) => lists.bets(f, { page, pageSize, after }),
    events: ({ page, pageSize, after, ...f }) => lists.events(f, { page, pageSize, after }),
    rounds: ({ page, pageSize, after, ...f }) => lists.rounds(f, { page, pageSize, after }),
    auditLog: ({ page, pageSize, after, ...f }) => lists.audit(f, { page, pageSize, after }),
    players: ({ page, pageSize, after, ...f }) => lists.players(f, { page, pageSize, after }),
    dailyReports: ({ page, pageSize, after, ...f }) =>
      lists.dailyReports(f, { page, pageSize, after }),
    games: ({ page, pageSize, after, ...f }) => lists.games(f, { page, pageSize, after }),
  };
  const table = (Object.keys(venueListPaths) as VenueListCall[]).map(
    (call): VenueRoute<Operator, VenueOperatorRole> => ({
      method: 'POST',
      path: venueListPaths[call],
      access: venueListCalls[call].role,
      input: venueListCalls[call].request,
      run: (_op, body) => (handlers[call] as (b: unknown) => Promise<unknown>)(body),
    }),
  );
  bindVenueRoutes(app, operatorSurface(auth), table);
}
