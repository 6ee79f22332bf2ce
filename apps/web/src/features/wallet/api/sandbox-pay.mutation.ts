import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { useSessionToken, useWalletRefresh, walletKeys } from './wallet-keys';

const action = actionKeyFor('sandboxPay');

/**
 * POST pay/sandbox/:orderId/pay: the cashier's 支付. The gateway's signed callback credits the
 * order before this answers, so the returned order is already credited.
 */
export function useSandboxPay() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const refresh = useWalletRefresh();
  return useMutation({
    mutationFn: (orderId: string) =>
      action.run({ orderId }, (idempotencyKey) =>
        api.call('sandboxPay', { params: { orderId }, body: {}, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSuccess: (order) =>
      queryClient.setQueryData(walletKeys.sandboxOrder(token, order.orderId), order),
    onSettled: () => refresh(),
  });
}
