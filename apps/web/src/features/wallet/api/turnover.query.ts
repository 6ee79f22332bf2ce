import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET wallet/turnover: the turnover requirement (the member site's audit page, contract §5). */
export function useTurnover() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.turnover(token),
    queryFn: () => api.call('turnover'),
    enabled: token !== null,
    staleTime: 0,
  });
}
