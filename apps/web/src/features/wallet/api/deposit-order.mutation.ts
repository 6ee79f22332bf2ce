import { useMutation } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { useWalletRefresh } from './wallet-keys';

export interface DepositOrderInput {
  channelId: string;
  amount: string;
  depositorName?: string;
}

const action = actionKeyFor('depositOrder');

/**
 * POST deposit/order (money: one idempotency key per order the member confirms, reused when
 * the same order is sent again after a lost answer).
 */
export function useDepositOrder() {
  const refresh = useWalletRefresh();
  return useMutation({
    mutationFn: (body: DepositOrderInput) =>
      action.run(body, (idempotencyKey) => api.call('depositOrder', { body, idempotencyKey })),
    retry: retryUnknownOutcome,
    onSettled: () => refresh(),
  });
}
