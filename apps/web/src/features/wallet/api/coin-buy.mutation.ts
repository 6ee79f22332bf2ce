import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { useSessionToken, useWalletRefresh, walletKeys } from './wallet-keys';

const action = actionKeyFor('coinBuy');

/** POST coin/buy: whole COIN for main-wallet money; answers the new balances. */
export function useCoinBuy() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const refresh = useWalletRefresh();
  return useMutation({
    mutationFn: (coins: string) =>
      action.run({ coins }, (idempotencyKey) =>
        api.call('coinBuy', { body: { coins }, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSuccess: (info) => queryClient.setQueryData(walletKeys.coin(token), info),
    onSettled: () => refresh(),
  });
}
