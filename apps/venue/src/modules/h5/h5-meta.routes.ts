import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, fenToYuanString } from '@nebula/protocol';
import { dialects, type Dialect } from '@nebula/protocol/venue/dialects';
import { h5MetaPath, type H5Meta } from '@nebula/protocol/venue/h5-meta';
import { sportsOfFamily } from '@nebula/protocol/venue/markets';
import { LEAGUES } from '../catalogue/leagues.model';
import type { VenueServices } from '../../venue-services';
import { VenueError } from '../../infra/venue-error';
import { envelope, refuseIn, sessionKey } from './h5.routes';

const bearer = (req: FastifyRequest): string | null => {
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') && auth.length < 120
    ? auth.slice(7)
    : null;
};

/**
 * The page's meta call (issue 11) under each dialect's prefix, in that dialect's envelope: the
 * stake limits the slip shows and the leagues of the session's family with their esports
 * titles. Same session rules and budgets as every engine call: the page's bearer token, a
 * session of a venue speaking this dialect.
 */
export function registerH5MetaRoutes(app: FastifyInstance, s: VenueServices): void {
  const metaOf = async (venueCode: string): Promise<H5Meta> => {
    const family = s.config.familyOf.get(venueCode) ?? 'TY';
    const sports = sportsOfFamily(family);
    // The limits operators set now (every node reads them within a second).
    const limits = await s.settings.fresh();
    return {
      limits: {
        minStake: fenToYuanString(limits.minStake),
        maxStake: fenToYuanString(limits.maxStake),
        maxPayout: fenToYuanString(limits.maxPayout),
      },
      leagues: LEAGUES.filter((l) => sports.includes(l.sport)).map((l) => ({
        leagueId: l.id,
        name: l.name,
        sport: l.sport,
        title: l.sport === 'esports' ? l.title : null,
      })),
    };
  };
  for (const dialect of Object.keys(dialects) as Dialect[]) {
    app.get(`${dialects[dialect].prefix}${h5MetaPath}`, async (req, reply) => {
      try {
        s.h5Limits.address(req.ip);
        const token = bearer(req);
        if (!token) throw new VenueError(ErrorCode.VenueSessionExpired);
        const p = await s.sessions.resolve(token);
        if (s.config.dialectOf.get(p.venueCode) !== dialect) {
          throw new VenueError(ErrorCode.VenueUnknown);
        }
        s.h5Limits.session(sessionKey(p));
        return reply.send(envelope(dialect, { data: await metaOf(p.venueCode) }));
      } catch (err) {
        if (err instanceof VenueError) return refuseIn(dialect, reply, err);
        throw err;
      }
    });
  }
}
