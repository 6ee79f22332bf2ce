import type { MallAddress } from '@nebula/protocol/api/mall/mall.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { mallKeys } from './mall.queries';

const redeemAction = actionKeyFor('mallRedeem');

/** POST mall/items/:id/redeem (兑换), one key per tap until answered. */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { itemId: number; address?: MallAddress }) =>
      redeemAction.run(v, (idempotencyKey) =>
        api.call('mallRedeem', {
          params: { itemId: v.itemId },
          body: v.address ? { address: v.address } : {},
          idempotencyKey,
        }),
      ),
    retry: retryUnknownOutcome,
    // Points, 金币 or a bonus moved: the mall and the wallet refetch.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mallKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]).then(() => undefined),
  });
}
