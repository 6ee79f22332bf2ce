import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET site/naming/list: operator names for menu keys such as the game families. */
export const namingListQuery = {
  queryKey: ['namingList'],
  queryFn: () => api.call('namingList'),
  staleTime: 10 * 60_000,
};

export function useNamingList() {
  return useQuery(namingListQuery);
}
