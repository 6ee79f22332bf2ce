import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

export const ORDER_PAGE_SIZE = 10;

/** GET deposit/orders, newest first, page by page. */
export function useDepositOrders() {
  const token = useSessionToken();
  return useInfiniteQuery({
    queryKey: walletKeys.depositOrders(token),
    queryFn: ({ pageParam }) =>
      api.call('depositOrders', { query: { page: pageParam, pageSize: ORDER_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
    staleTime: 0,
  });
}
