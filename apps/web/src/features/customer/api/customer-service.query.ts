import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET customer/service: the operator's channels (main and backup) and service hours. */
export function useCustomerService() {
  return useQuery({
    queryKey: ['customerService'],
    queryFn: () => api.call('customerService'),
    staleTime: 60_000,
  });
}
