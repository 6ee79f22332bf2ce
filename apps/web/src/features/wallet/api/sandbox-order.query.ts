import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET pay/sandbox/:orderId: the order as the sandbox cashier shows it (its member only). */
export function useSandboxOrder(orderId: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.sandboxOrder(token, orderId),
    queryFn: () => api.call('sandboxOrder', { params: { orderId } }),
    enabled: token !== null && orderId !== '',
    staleTime: 0,
  });
}
