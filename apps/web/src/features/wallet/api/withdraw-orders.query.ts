import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { ORDER_PAGE_SIZE } from './deposit-orders.query';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET withdraw/orders, newest first, page by page. */
export function useWithdrawOrders() {
  const token = useSessionToken();
  return useInfiniteQuery({
    queryKey: walletKeys.withdrawOrders(token),
    queryFn: ({ pageParam }) =>
      api.call('withdrawOrders', { query: { page: pageParam, pageSize: ORDER_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
    staleTime: 0,
  });
}
