import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET wallet/turnover: the turnover requirement (SPEC's audit page). */
export function useTurnover() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.turnover(token),
    queryFn: () => api.call('turnover'),
    enabled: token !== null,
    staleTime: 0,
  });
}
