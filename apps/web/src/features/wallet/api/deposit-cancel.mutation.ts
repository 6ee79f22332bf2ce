import { useMutation } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { useWalletRefresh } from './wallet-keys';

const action = actionKeyFor('depositCancel');

/** POST deposit/orders/:orderId/cancel: a pending order is closed (money route: keyed). */
export function useDepositCancel() {
  const refresh = useWalletRefresh();
  return useMutation({
    mutationFn: (orderId: string) =>
      action.run({ orderId }, (idempotencyKey) =>
        api.call('depositCancel', { params: { orderId }, body: {}, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSettled: () => refresh(),
  });
}
