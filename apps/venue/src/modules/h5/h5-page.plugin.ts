import type { FastifyInstance } from 'fastify';
import type { Db } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import { VenueError } from '../../infra/venue-error';
import { LiveHub } from '../live/live-hub.service';
import { CHANNEL_POLL_MS, ChannelHub } from '../live/channel-hub.service';
import type { ChannelSource } from '../live/channel-source.model';
import { registerLiveSocket } from '../live/live.plugin';
import type { VenueConfig } from '../../infra/config';
import type { BookService } from '../book/book.service';
import type { H5Service } from './h5.service';
import { registerH5MetaRoutes, type H5MetaDeps } from './h5-meta.routes';
import { registerH5Static } from './h5-static.plugin';

/** What the page needs beyond the engine API: the book, the page's views, the config. */
export type H5PageDeps = H5MetaDeps & {
  config: Pick<
    VenueConfig,
    'dialectOf' | 'familyOf' | 'gameFamilyOf' | 'publicUrl' | 'limits' | 'platformOrigins'
  >;
  book: BookService;
  h5: H5Service;
  /** The house games' channels on the same socket (docs/contract.md §10.11, §10.12). */
  games: { channels: ChannelSource & { now(): number } };
};

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
  opts: { livePollMs?: number; channelPollMs?: number; dist?: string } = {},
): { hub: LiveHub; channels: ChannelHub } {
  const hub = new LiveHub(
    db,
    s.book,
    (b, all) => s.h5.view(b, all),
    opts.livePollMs ?? LIVE_POLL_MS,
  );
  const channels = new ChannelHub(s.games.channels, opts.channelPollMs ?? CHANNEL_POLL_MS, () =>
    s.games.channels.now(),
  );
  registerH5MetaRoutes(app, s);
  registerLiveSocket(app, {
    hub,
    channels,
    sessions: {
      // A sportsbook's session follows events, a game venue's the game channels (§10.11).
      resolve: async (token) => {
        const p = await s.sessions.resolve(token);
        const known = s.config.dialectOf.has(p.venueCode) || s.config.gameFamilyOf.has(p.venueCode);
        if (!known) throw new VenueError(ErrorCode.VenueUnknown);
        return p;
      },
      familyOf: (venueCode) => s.config.familyOf.get(venueCode) ?? 'TY',
      gameFamilyOf: (venueCode) => s.config.gameFamilyOf.get(venueCode) ?? null,
    },
    publicUrl: s.config.publicUrl,
    limits: s.config.limits,
  });
  registerH5Static(app, {
    publicUrl: s.config.publicUrl,
    frameOrigins: [...new Set([...s.config.platformOrigins.values()].flat())],
    ...(opts.dist ? { dist: opts.dist } : {}),
  });
  return { hub, channels };
}
