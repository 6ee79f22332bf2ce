import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

/** GET limits/review: whether the member is due the 6-monthly reminder (contract §5). */
export function useLimitsReview() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['limitsReview', token],
    queryFn: () => api.call('limitsReview'),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** POST limits/review: the member went to review their limits; the reminder waits 6 months. */
export function useLimitsReviewed() {
  return useMutation({ mutationFn: () => api.call('limitsReviewDone', { body: {} }) });
}
