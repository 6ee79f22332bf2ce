import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET limits/deposit: day / week / month limits, what is used, raises waiting their 24 h. */
export function useDepositLimits() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.limits(token),
    queryFn: () => api.call('depositLimits'),
    enabled: token !== null,
    staleTime: 0,
  });
}
