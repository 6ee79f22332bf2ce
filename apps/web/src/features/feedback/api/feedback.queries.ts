import type { FeedbackSubmitRequest } from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

const PAGE_SIZE = 20;
const keys = { mine: (token: string | null) => ['feedback', token, 'mine'] as const };

export function useMyFeedback() {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery({
    queryKey: keys.mine(token),
    queryFn: ({ pageParam }) =>
      api.call('feedbackList', { query: { page: pageParam, pageSize: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
    staleTime: 0,
  });
}

export function useSubmitFeedback() {
  const client = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: (body: FeedbackSubmitRequest) => api.call('feedbackSubmit', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.mine(token) }),
  });
}
