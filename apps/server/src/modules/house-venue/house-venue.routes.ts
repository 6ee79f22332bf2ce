import type { FastifyInstance } from 'fastify';
import {
  houseVenueTargets,
  routes,
  type AdminRouteMeta,
  type HouseVenueRouteName,
} from '@nebula/protocol';
import { bindRoute, type BindOptions, type Handler } from '../../http/route-binder';
import type { FourEyesGate } from '../../http/four-eyes-gate';
import { requireOperator, type Operator } from '../../http/operator-context';
import type { HouseVenueService } from './house-venue.service';

/** What a void or resettle of one bet can move (fen), from the platform's copies; null: none. */
export interface BetExposure {
  exposure(betId: string): Promise<bigint | null>;
}

/**
 * Every proxied route of the protocol's table, each to its one venue path: a path not in the
 * table is no route at all (the platform's not-found answer), so the proxy reaches nothing else.
 * Voids and resettles (the routes marked `fourEyes`) pass the four-eyes gate first. The venue
 * is a third party: what it answers is checked against the route's schema (9782 otherwise).
 */
export function registerHouseVenueRoutes(
  app: FastifyInstance,
  venue: HouseVenueService,
  o: BindOptions,
  four: { approvals: FourEyesGate; bets: BetExposure },
): void {
  for (const name of Object.keys(houseVenueTargets) as HouseVenueRouteName[]) {
    const gated = (routes[name] as AdminRouteMeta).fourEyes !== undefined;
    const handler: Handler<HouseVenueRouteName> = async ({ req, body }) => {
      const op = requireOperator(req.operator);
      if (gated) await gate(four, op, name, body);
      return venue.checked(houseVenueTargets[name], body, op.userName, routes[name].response);
    };
    bindRoute(app, name, handler, o);
  }
}

/**
 * A bet's void or resettle is valued at the most the bet can move, from the platform's copy.
 * A bet the platform has no copy of, a market or a round (every bet on it) cannot be valued
 * before the venue acts: those always wait for a second operator (docs/contract.md §4.1).
 */
async function gate(
  four: { approvals: FourEyesGate; bets: BetExposure },
  op: Operator,
  name: HouseVenueRouteName,
  body: Record<string, unknown>,
): Promise<void> {
  const payload = { body };
  if (typeof body.betId === 'string') {
    const target = `bet:${body.betId}`;
    const fen = await four.bets.exposure(body.betId);
    if (fen !== null)
      return four.approvals.gate(op, name, target, { asset: 'CNY', units: fen }, payload);
    return four.approvals.gateRaise(op, name, target, true, payload);
  }
  const target =
    typeof body.roundNo === 'string' || typeof body.roundNo === 'number'
      ? `round:${String(body.gameCode)}:${String(body.roundNo)}`
      : `market:${String(body.eventId)}:${String(body.marketKey)}`;
  return four.approvals.gateRaise(op, name, target, true, payload);
}
