import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET payment-accounts/banks: the banks a card may be bound with. */
export function useBanks(enabled = true) {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.banks(token),
    queryFn: () => api.call('banks'),
    enabled: token !== null && enabled,
    staleTime: 60 * 60_000,
  });
}
