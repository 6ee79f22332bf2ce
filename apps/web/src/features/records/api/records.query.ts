import type { RecordType } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

export const RECORDS_PAGE_SIZE = 20;

export interface RecordFilter {
  asset: 'CNY' | 'COIN';
  type?: RecordType;
  /** YYYY-MM-DD, Asia/Shanghai, inclusive. */
  from?: string;
  to?: string;
}

/**
 * GET records/transactions, page by page (newest first) with the day totals of the whole
 * filter. Keyed by the session token and the filter; always fresh when a page opens, since
 * money may have moved on another screen.
 */
export function useRecords(filter: RecordFilter) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery({
    queryKey: ['records', token, filter] as const,
    queryFn: ({ pageParam }) =>
      api.call('records', {
        query: { ...filter, page: pageParam, pageSize: RECORDS_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
    staleTime: 0,
  });
}
