import type { LimitPeriod } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** POST limits/deposit: set (null: remove) one period's limit; answers all three. */
export function useDepositLimitSet() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (body: { period: LimitPeriod; amount: string | null }) =>
      api.call('depositLimitSet', { body }),
    onSuccess: (limits) => queryClient.setQueryData(walletKeys.limits(token), limits),
  });
}
