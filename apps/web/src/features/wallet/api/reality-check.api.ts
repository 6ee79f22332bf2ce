import type { RealityCheckMinutes } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken } from './wallet-keys';

/** The reality-check interval on the limits page (the check itself is the shell's modal). */
const key = (token: string | null) => ['realityCheck', token] as const;

export function useRealityCheckInterval() {
  const token = useSessionToken();
  return useQuery({
    queryKey: key(token),
    queryFn: () => api.call('realityCheck'),
    enabled: token !== null,
  });
}

export function useRealityCheckIntervalSet() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (minutes: RealityCheckMinutes) =>
      api.call('realityCheckSet', { body: { minutes } }),
    onSuccess: (status) => queryClient.setQueryData(key(token), status),
  });
}
