import type { FastifyInstance } from 'fastify';
import type { Db } from '@nebula/db';
import { LiveHub } from '../live/live-hub.service';
import { registerLiveSocket } from '../live/live.plugin';
import type { VenueServices } from '../../venue-services';
import { registerH5MetaRoutes } from './h5-meta.routes';
import { registerH5Static } from './h5-static.plugin';

/** How often a node reads the events its pages follow (the leader may be another node). */
export const LIVE_POLL_MS = 500;

/**
 * Everything the sportsbook page needs beyond the engine API (issue 11): its meta call, its
 * live socket and the built page itself at /h5/.
 */
export function registerH5Page(
  app: FastifyInstance,
  s: VenueServices,
  db: Db,
  opts: { livePollMs?: number; dist?: string } = {},
): LiveHub {
  const hub = new LiveHub(
    db,
    s.book,
    (b, all) => s.h5.view(b, all),
    opts.livePollMs ?? LIVE_POLL_MS,
  );
  registerH5MetaRoutes(app, s);
  registerLiveSocket(app, {
    hub,
    sessions: {
      resolve: (token) => s.sessions.resolve(token),
      familyOf: (venueCode) => s.config.familyOf.get(venueCode) ?? 'TY',
    },
    publicUrl: s.config.publicUrl,
    limits: s.config.limits,
  });
  registerH5Static(app, {
    publicUrl: s.config.publicUrl,
    frameOrigins: [...new Set([...s.config.platformOrigins.values()].flat())],
    ...(opts.dist ? { dist: opts.dist } : {}),
  });
  return hub;
}
