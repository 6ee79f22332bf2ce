import type { FastifyInstance } from 'fastify';
import type { Db } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import { VenueError } from '../../infra/venue-error';
import { LiveHub } from '../live/live-hub.service';
import { registerLiveSocket } from '../live/live.plugin';
import type { VenueConfig } from '../../infra/config';
import type { BookService } from '../book/book.service';
import type { H5Service } from './h5.service';
import { registerH5MetaRoutes, type H5MetaDeps } from './h5-meta.routes';

/** What the page needs beyond the engine API: the book, the page's views, the config. */
export type H5PageDeps = H5MetaDeps & {
  config: Pick<VenueConfig, 'dialectOf' | 'familyOf' | 'publicUrl' | 'limits' | 'platformOrigins'>;
  book: BookService;
  h5: H5Service;
};
import { registerH5Static } from './h5-static.plugin';

/** How often a node reads the events its pages follow (the leader may be another node). */
export const LIVE_POLL_MS = 500;

/**
 * Everything the sportsbook page needs beyond the engine API (contract §6): its meta call, its
 * live socket and the built page itself at /h5/.
 */
export function registerH5Page(
  app: FastifyInstance,
  s: H5PageDeps,
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
      // A game venue's session has no sportsbook to watch (docs/contract.md §10.11).
      resolve: async (token) => {
        const p = await s.sessions.resolve(token);
        if (!s.config.dialectOf.has(p.venueCode)) throw new VenueError(ErrorCode.VenueUnknown);
        return p;
      },
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
