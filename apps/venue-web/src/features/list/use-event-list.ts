import { useMemo } from 'react';
import type { Sport } from '@nebula/protocol/venue/markets';
import { useLoad, type Loaded } from '../../lib/use-load';
import { venueApi, type Tab } from '../../lib/venue-api';
import { eventsStore } from '../../store/events-store';

export interface ListItem {
  eventId: string;
  leagueId: string;
  league: string;
  sport: Sport;
}

export interface ListData {
  items: ListItem[];
  counts: Record<Tab, number>;
}

const REFRESH_MS = 30_000;

/**
 * One tab's matches (and every tab's count): fetched when the tab or sport changes, refreshed
 * quietly every 30 s for matches that start, go live or end. Prices in between come from the
 * live socket through the events store.
 */
export function useEventList(
  tab: Tab,
  sport: Sport | undefined,
  active: boolean,
): { state: Loaded<ListData>; reload: () => void } {
  const { state, reload } = useLoad(
    `${tab}:${sport ?? ''}`,
    async (): Promise<ListData> => {
      const r = await venueApi.events(tab, sport);
      for (const ev of r.events) eventsStore.put(ev, false);
      return {
        items: r.events.map((e) => ({
          eventId: e.eventId,
          leagueId: e.leagueId,
          league: e.league,
          sport: e.sport,
        })),
        counts: r.counts,
      };
    },
    { active, refreshMs: REFRESH_MS },
  );
  return useMemo(() => ({ state, reload: () => reload(false) }), [state, reload]);
}
