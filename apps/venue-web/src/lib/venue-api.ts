import type { OddsType } from '@nebula/protocol/odds/odds';
import type { BetView, PlaceBetRequest } from '@nebula/protocol/venue/bets';
import type { H5Meta } from '@nebula/protocol/venue/h5-meta';
import type { EventView, PreferencesView } from '@nebula/protocol/venue/h5';
import type { OddsChangePolicy, Sport } from '@nebula/protocol/venue/markets';
import { api } from './api';
import { H5_PATHS as P } from './contract';

/**
 * The engine calls the page makes, typed by the protocol's schemas (types only: the first
 * route carries no schema library; the venue validates every request), under the session's
 * dialect prefix.
 */
export type Tab = 'early' | 'today' | 'live';

export interface EventList {
  events: EventView[];
  counts: Record<Tab, number>;
}

export const venueApi = {
  events: (tab: Tab, sport?: Sport) => api<EventList>('GET', P.events, { query: { tab, sport } }),
  event: (id: string) => api<EventView>('GET', P.event, { query: { id } }),
  results: (sport?: Sport) => api<{ events: EventView[] }>('GET', P.results, { query: { sport } }),
  place: (req: PlaceBetRequest) => api<BetView>('POST', P.place, { body: req }),
  bets: (settled: boolean, limit = 50) =>
    api<{ bets: BetView[] }>('POST', P.bets, { body: { settled, limit } }),
  balance: () => api<{ balance: string; debt: string }>('GET', P.balance),
  setOddsType: (oddsType: OddsType) =>
    api<PreferencesView>('POST', P.preferences, { body: { oddsType } }),
  setOddsChangePolicy: (oddsChangePolicy: OddsChangePolicy) =>
    api<PreferencesView>('POST', P.preferences, { body: { oddsChangePolicy } }),
  meta: () => api<H5Meta>('GET', P.meta),
};
