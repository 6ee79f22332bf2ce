import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** POST payment-accounts/:id/remove. */
export function usePaymentAccountRemove() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (id: number) => api.call('paymentAccountRemove', { params: { id }, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.accounts(token) }),
  });
}
