import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET limits/break: the time-out or self-exclusion running now, if any. */
export function usePlayBreak() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.playBreak(token),
    queryFn: () => api.call('playBreak'),
    enabled: token !== null,
    staleTime: 0,
  });
}
