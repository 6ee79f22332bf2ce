import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET payment-accounts: the member's payout accounts (masked) and the cap per type. */
export function usePaymentAccounts() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.accounts(token),
    queryFn: () => api.call('paymentAccounts'),
    enabled: token !== null,
    staleTime: 0,
  });
}
