import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET wallet/balances: main, locked, COIN and the venue wallets (venue issue). */
export function useWalletBalances() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.balances(token),
    queryFn: () => api.call('walletBalances'),
    enabled: token !== null,
    // Money on screen is never a minute old when a page opens.
    staleTime: 0,
  });
}
