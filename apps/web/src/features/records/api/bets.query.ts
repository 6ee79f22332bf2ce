import type { BetStatus } from '@nebula/protocol/venue/markets';
import type { VenueFamily } from '@nebula/protocol/venue/registry';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

export const BETS_PAGE_SIZE = 20;

export interface BetFilter {
  venueCode?: string;
  /** The bets at one family's venues (体育, 彩票, 真人 …). */
  family?: VenueFamily;
  status?: BetStatus;
  /** YYYY-MM-DD, Asia/Shanghai, inclusive. */
  from?: string;
  to?: string;
}

/** How often a list holding open bets asks again. */
const OPEN_BETS_REFRESH_MS = 10_000;

/** GET game/api/v1/bets, page by page (newest first) with totals and day totals. */
export function useBets(filter: BetFilter) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery({
    queryKey: ['bets', token, filter] as const,
    queryFn: ({ pageParam }) =>
      api.call('bets', { query: { ...filter, page: pageParam, pageSize: BETS_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
    staleTime: 0,
    // Open bets settle at the venue: while any is listed, the list follows (the platform pulls
    // the venue's changes every few seconds).
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((b) => b.status === 'open'))
        ? OPEN_BETS_REFRESH_MS
        : false,
  });
}
