import { useMutation } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { useWalletRefresh } from './wallet-keys';

export interface WithdrawOrderInput {
  accountId: number;
  amount: string;
  fundPassword: string;
}

const action = actionKeyFor('withdrawOrder');

/** POST withdraw/order: the amount moves to locked at once (money: one key per request). */
export function useWithdrawOrder() {
  const refresh = useWalletRefresh();
  return useMutation({
    mutationFn: (body: WithdrawOrderInput) =>
      action.run(body, (idempotencyKey) => api.call('withdrawOrder', { body, idempotencyKey })),
    retry: retryUnknownOutcome,
    onSettled: () => refresh(),
  });
}
