import type {
  PlayLimitSetRequest,
  PlayLimits,
} from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** Under the limits' key: answering a request (limit-requests.mutation.ts) refetches these too. */
const key = (token: string | null) => [...walletKeys.limits(token), 'play'] as const;

/** GET limits/play: loss, wager and time limits per rolling window, with what each has used. */
export function usePlayLimits() {
  const token = useSessionToken();
  return useQuery({
    queryKey: key(token),
    queryFn: () => api.call('playLimits'),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** POST limits/play: set (null: remove) one limit; answers them all. */
export function usePlayLimitSet() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (body: PlayLimitSetRequest): Promise<PlayLimits> =>
      api.call('playLimitSet', { body }),
    onSuccess: (limits) => queryClient.setQueryData(key(token), limits),
  });
}
