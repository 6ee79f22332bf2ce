import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET coin/info: COIN balance, main balance, the rate and the purchase bounds. */
export function useCoinInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.coin(token),
    queryFn: () => api.call('coinInfo'),
    enabled: token !== null,
    staleTime: 0,
  });
}
