import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { memberKeys, useSessionToken } from './member-keys';

export const LOGIN_HISTORY_PAGE_SIZE = 20;

/** GET user/security/logins, page by page for the infinite list. */
export function useLoginHistory() {
  const token = useSessionToken();
  return useInfiniteQuery({
    queryKey: memberKeys.logins(token),
    queryFn: ({ pageParam }) =>
      api.call('loginHistory', { query: { page: pageParam, pageSize: LOGIN_HISTORY_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
  });
}
