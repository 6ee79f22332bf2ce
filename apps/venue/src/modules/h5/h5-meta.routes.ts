import type { FastifyInstance } from 'fastify';
import { fenToYuanString } from '@nebula/protocol';
import { dialects, type Dialect } from '@nebula/protocol/venue/dialects';
import { h5MetaPath, type H5Meta } from '@nebula/protocol/venue/h5-meta';
import { sportsOfFamily } from '@nebula/protocol/venue/markets';
import { LEAGUES } from '../catalogue/leagues.model';
import type { BookSettingsService } from '../book/book-settings.service';
import { bindVenueRoutes, venueRoute } from '../../http/route-binder';
import { h5Surface, type H5Caller, type H5RouteDeps } from './h5.routes';

/** What the meta call reads: the session (as every page call) and the book's settings. */
export type H5MetaDeps = Pick<H5RouteDeps, 'config' | 'h5Limits' | 'sessions'> & {
  settings: BookSettingsService;
};

/**
 * The page's meta call under each dialect's prefix, in that dialect's envelope: the stake
 * limits the slip shows and the leagues of the session's family with their esports titles.
 * Same session rules and budgets as every engine call, with the page's bearer token only.
 */
export function registerH5MetaRoutes(app: FastifyInstance, s: H5MetaDeps): void {
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
  const table = [
    venueRoute({
      method: 'GET',
      path: h5MetaPath,
      access: 'bearer' as const,
      run: (c: H5Caller) => metaOf(c.player.venueCode),
    }),
  ];
  for (const dialect of Object.keys(dialects) as Dialect[]) {
    bindVenueRoutes(app, h5Surface(s, dialect), table, dialects[dialect].prefix);
  }
}
