import type { GrantKind, GrantStatus } from '@nebula/protocol/api/rewards/rewards.schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

export const REWARDS_PAGE_SIZE = 20;

/**
 * Query keys of the member's rewards, all under `rewards` so one invalidation after a claim
 * refreshes the VIP page, the rebate and 福利记录; each carries the session token.
 */
export const rewardKeys = {
  all: ['rewards'] as const,
  vip: (token: string | null) => ['rewards', token, 'vip'] as const,
  table: ['rewards', 'vipTable'] as const,
  rebate: (token: string | null) => ['rewards', token, 'rebate'] as const,
  eligibility: (token: string | null) => ['rewards', token, 'eligibility'] as const,
};

const useToken = () => useSessionStore((state) => state.token);

/** GET vip: the member's level and both measures. */
export function useVipStatus() {
  const token = useToken();
  return useQuery({
    queryKey: rewardKeys.vip(token),
    queryFn: () => api.call('vipStatus'),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** GET vip/levels: the whole table with 返水 rates. */
export function useVipTable() {
  return useQuery({ queryKey: rewardKeys.table, queryFn: () => api.call('vipTable') });
}

/** GET rebate: today's accrual by family. */
export function useRebate() {
  const token = useToken();
  return useQuery({
    queryKey: rewardKeys.rebate(token),
    queryFn: () => api.call('rebateView'),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** GET rewards/eligibility: whether rewards may be received now, and why not. */
export function useEligibility() {
  const token = useToken();
  return useQuery({
    queryKey: rewardKeys.eligibility(token),
    queryFn: () => api.call('rewardEligibility'),
    enabled: token !== null,
    staleTime: 0,
  });
}

export interface GrantFilter {
  status?: GrantStatus;
  kind?: GrantKind;
}

/** GET rewards/grants page by page (福利记录). */
export function useGrants(filter: GrantFilter) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['rewards', token, 'grants', filter] as const,
    queryFn: ({ pageParam }) =>
      api.call('rewardGrants', {
        query: { ...filter, page: pageParam, pageSize: REWARDS_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
    staleTime: 0,
  });
}

/** GET rewards/gift-records page by page (礼物记录). */
export function useGiftRecords() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['rewards', token, 'gifts'] as const,
    queryFn: ({ pageParam }) =>
      api.call('giftRecords', { query: { page: pageParam, pageSize: REWARDS_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
    staleTime: 0,
  });
}
