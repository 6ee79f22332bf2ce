import type { LimitsReview } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

const key = (token: string | null) => ['limitsReview', token] as const;

/** GET limits/review: whether the member is due to review their limits (every ~6 months). */
export function useLimitsReview() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: key(token),
    queryFn: () => api.call('limitsReview'),
    enabled: token !== null,
    // Asked once per login: the answer only changes when the member answers it.
    staleTime: Infinity,
  });
}

/** POST limits/review: the member reviewed their limits; the notice goes away. */
export function useLimitsReviewDone() {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: (): Promise<LimitsReview> => api.call('limitsReviewDone', { body: {} }),
    onSuccess: (status) => queryClient.setQueryData(key(token), status),
  });
}
