import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET withdraw/precheck: what a withdrawal needs, the turnover status, limits and balance. */
export function useWithdrawPrecheck() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.precheck(token),
    queryFn: () => api.call('withdrawPrecheck'),
    enabled: token !== null,
    staleTime: 0,
  });
}
