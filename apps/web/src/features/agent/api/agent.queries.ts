import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

export const AGENT_PAGE_SIZE = 20;
export type DownlineScope = 'direct' | 'all';

/** Query keys of the agent centre, all under `agent` with the session token. */
export const agentKeys = {
  all: ['agent'] as const,
  status: (token: string | null) => ['agent', token, 'status'] as const,
  summary: (token: string | null) => ['agent', token, 'summary'] as const,
};

const useToken = () => useSessionStore((state) => state.token);

/** GET agent/status: the latest application and, once approved, the agent code. */
export function useAgentStatus() {
  const token = useToken();
  return useQuery({
    queryKey: agentKeys.status(token),
    queryFn: () => api.call('agentStatus'),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** GET agent/summary: this month's running figures and the commission rules. */
export function useAgentSummary(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: agentKeys.summary(token),
    queryFn: () => api.call('agentSummary'),
    enabled: token !== null && enabled,
    staleTime: 0,
  });
}

const nextPage = (last: { page: number; pageSize: number; total: number; list: unknown[] }) =>
  last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined;

/** GET agent/downline page by page: direct members or every level. */
export function useDownline(scope: DownlineScope, enabled: boolean) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['agent', token, 'downline', scope] as const,
    queryFn: ({ pageParam }) =>
      api.call('agentDownline', { query: { scope, page: pageParam, pageSize: AGENT_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null && enabled,
    staleTime: 0,
  });
}

/** GET agent/statements page by page: past months with their inputs. */
export function useStatements(enabled: boolean) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['agent', token, 'statements'] as const,
    queryFn: ({ pageParam }) =>
      api.call('agentStatements', { query: { page: pageParam, pageSize: AGENT_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null && enabled,
    staleTime: 0,
  });
}
