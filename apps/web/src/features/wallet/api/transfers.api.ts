import type { TransferOrderRequest } from '@nebula/protocol/api/venues/venues.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { useSessionToken, useWalletRefresh, walletKeys } from './wallet-keys';

const transferAction = actionKeyFor('transferOrder');
const recallAction = actionKeyFor('transferRecall');

/**
 * POST transfer/order: main → venue (in) or venue → main (out). The key names the transfer:
 * a retry after a lost answer finds the same one and answers its status now.
 */
export function useTransferOrder() {
  const refresh = useWalletRefresh();
  return useMutation({
    mutationFn: (body: TransferOrderRequest) =>
      transferAction.run(body, (idempotencyKey) =>
        api.call('transferOrder', { body, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSettled: () => refresh(),
  });
}

/** POST transfer/recall: 一键回收 (every venue, or one). */
export function useTransferRecall() {
  const refresh = useWalletRefresh();
  return useMutation({
    mutationFn: (venueCode?: string) => {
      const body = venueCode ? { venueCode } : {};
      return recallAction.run(body, (idempotencyKey) =>
        api.call('transferRecall', { body, idempotencyKey }),
      );
    },
    retry: retryUnknownOutcome,
    onSettled: () => refresh(),
  });
}

/** POST wallet/balances/sync: every venue asked for the member's balance now. */
export function useWalletSync() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: () => api.call('walletSync', { body: {} }),
    onSuccess: (balances) => queryClient.setQueryData(walletKeys.balances(token), balances),
  });
}

/** GET/POST transfer/prefs: the 免转 switch. */
export function useTransferPrefs() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.transferPrefs(token),
    queryFn: () => api.call('transferPrefs'),
    enabled: token !== null,
  });
}

export function useSetTransferPrefs() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (appSendMoney: boolean) => api.call('transferPrefsSet', { body: { appSendMoney } }),
    onSuccess: (prefs) => queryClient.setQueryData(walletKeys.transferPrefs(token), prefs),
  });
}

/** GET transfer/orders: the member's latest transfers (pending ones show where money is). */
export function useTransferOrders(pageSize = 20) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...walletKeys.transfers(token), pageSize],
    queryFn: () => api.call('transferOrders', { query: { page: 1, pageSize } }),
    enabled: token !== null,
  });
}
