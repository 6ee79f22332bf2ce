import type { PlayBreakKind, PlayBreakLength } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { clearVenueSessions } from '../../../lib/venue-sessions';
import { useSessionToken, walletKeys } from './wallet-keys';

export interface PlayBreakStart {
  kind: PlayBreakKind;
  length: PlayBreakLength;
  /** The login password (a step-up: the break cannot be undone). */
  password: string;
}

/**
 * POST limits/break: starts a time-out or self-exclusion (or a longer one in place of the one
 * running); answers the break now running. The server ends the member's venue sessions and
 * recalls their venue balances, so the kept venue sessions go and every wallet figure refetches.
 */
export function usePlayBreakSet() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: ({ kind, length, password }: PlayBreakStart) =>
      api.call('playBreakSet', { body: { kind, length, password } }),
    onSuccess: (status) => {
      clearVenueSessions();
      queryClient.setQueryData(walletKeys.playBreak(token), status);
      void queryClient.invalidateQueries({
        queryKey: walletKeys.all,
        predicate: (query) => query.queryKey[2] !== 'playBreak',
      });
    },
  });
}
