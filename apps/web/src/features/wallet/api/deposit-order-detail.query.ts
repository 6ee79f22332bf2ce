import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET deposit/orders/:orderId: one of the member's orders with its timeline. */
export function useDepositOrderDetail(orderId: string | null) {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.depositOrder(token, orderId ?? ''),
    queryFn: () => api.call('depositOrderDetail', { params: { orderId: orderId ?? '' } }),
    enabled: token !== null && orderId !== null,
    staleTime: 0,
  });
}
