import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSessionStore } from '../../../session/session.store';

/**
 * Query keys of the member's wallet data, all under `wallet` so that one invalidation after a
 * money movement refreshes every balance, order and limit on screen. Each carries the session
 * token: another session never sees this one's figures.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  balances: (token: string | null) => ['wallet', token, 'balances'] as const,
  channels: (token: string | null) => ['wallet', token, 'channels'] as const,
  depositOrders: (token: string | null) => ['wallet', token, 'depositOrders'] as const,
  depositOrder: (token: string | null, orderId: string) =>
    ['wallet', token, 'depositOrder', orderId] as const,
  sandboxOrder: (token: string | null, orderId: string) =>
    ['wallet', token, 'sandboxOrder', orderId] as const,
  precheck: (token: string | null) => ['wallet', token, 'withdrawPrecheck'] as const,
  withdrawOrders: (token: string | null) => ['wallet', token, 'withdrawOrders'] as const,
  turnover: (token: string | null) => ['wallet', token, 'turnover'] as const,
  coin: (token: string | null) => ['wallet', token, 'coin'] as const,
  limits: (token: string | null) => ['wallet', token, 'limits'] as const,
  playBreak: (token: string | null) => ['wallet', token, 'playBreak'] as const,
  banks: (token: string | null) => ['wallet', token, 'banks'] as const,
  accounts: (token: string | null) => ['wallet', token, 'paymentAccounts'] as const,
  transferPrefs: (token: string | null) => ['wallet', token, 'transferPrefs'] as const,
  transfers: (token: string | null) => ['wallet', token, 'transfers'] as const,
};

export function useSessionToken(): string | null {
  return useSessionStore((state) => state.token);
}

/** Marks every wallet figure stale after money moved; what is on screen refetches. */
export function useWalletRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
    [queryClient],
  );
}
