import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/**
 * POST limits/requests/:id/confirm or /cancel: the member confirms a raise or removal inside
 * its window (the only way a limit loosens, contract §5) or withdraws it; the limits refetch.
 */
export function useLimitRequestAnswer() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: ({ requestId, confirm }: { requestId: number; confirm: boolean }) =>
      api.call(confirm ? 'limitRequestConfirm' : 'limitRequestCancel', {
        params: { requestId },
        body: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.limits(token) }),
  });
}
