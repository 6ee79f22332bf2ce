import type { OddsType } from '@nebula/protocol/odds/odds';
import type { BetView, PlaceBetRequest } from '@nebula/protocol/venue/bets';
import type { H5Meta } from '@nebula/protocol/venue/h5-meta';
import type { EventView } from '@nebula/protocol/venue/h5';
import type { Sport } from '@nebula/protocol/venue/markets';
import { api } from './api';

/**
 * The engine calls the page makes, typed by the protocol's schemas (types only: the first
 * route carries no schema library; the venue validates every request). Paths as in the
 * protocol's `h5Paths` and `h5MetaPath`, under the session's dialect prefix.
 */
export type Tab = 'early' | 'today' | 'live';

export interface EventList {
  events: EventView[];
  counts: Record<Tab, number>;
}

export const venueApi = {
  events: (tab: Tab, sport?: Sport) => api<EventList>('GET', '/events', { query: { tab, sport } }),
  event: (id: string) => api<EventView>('GET', '/event', { query: { id } }),
  results: (sport?: Sport) => api<{ events: EventView[] }>('GET', '/results', { query: { sport } }),
  place: (req: PlaceBetRequest) => api<BetView>('POST', '/bet/place', { body: req }),
  bets: (settled: boolean, limit = 50) =>
    api<{ bets: BetView[] }>('POST', '/bets', { body: { settled, limit } }),
  balance: () => api<{ balance: string; debt: string }>('GET', '/balance'),
  setOddsType: (oddsType: OddsType) =>
    api<{ oddsType: OddsType }>('POST', '/preferences', { body: { oddsType } }),
  meta: () => api<H5Meta>('GET', '/meta'),
};
