import type { PointsEntryType, RedemptionStatus } from '@nebula/protocol/api/mall/mall.schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

export const MALL_PAGE_SIZE = 20;

/** Query keys of the mall, all under `mall` so one invalidation after a redemption refreshes all. */
export const mallKeys = {
  all: ['mall'] as const,
  home: (token: string | null) => ['mall', token, 'home'] as const,
};

const useToken = () => useSessionStore((state) => state.token);

const nextPage = (last: { page: number; pageSize: number; total: number; list: unknown[] }) =>
  last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined;

/** GET mall: the member's points and the items on sale. */
export function useMallHome() {
  const token = useToken();
  return useQuery({
    queryKey: mallKeys.home(token),
    queryFn: () => api.call('mallHome'),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** GET mall/redemptions page by page (兑换记录). */
export function useRedemptions(status?: RedemptionStatus) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['mall', token, 'redemptions', status ?? null] as const,
    queryFn: ({ pageParam }) =>
      api.call('mallRedemptions', {
        query: { ...(status ? { status } : {}), page: pageParam, pageSize: MALL_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
    staleTime: 0,
  });
}

export interface PointsFilter {
  type?: PointsEntryType;
  from?: string;
  to?: string;
}

/** GET mall/points page by page (积分记录). */
export function usePointsLedger(filter: PointsFilter) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['mall', token, 'points', filter] as const,
    queryFn: ({ pageParam }) =>
      api.call('pointsLedger', {
        query: { ...filter, page: pageParam, pageSize: MALL_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
    staleTime: 0,
  });
}
