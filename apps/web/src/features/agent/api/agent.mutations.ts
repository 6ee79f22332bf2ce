import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { agentKeys } from './agent.queries';

/** POST agent/apply: the application; the status refetches either way. */
export function useApplyAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { contact: string; note?: string }) => api.call('agentApply', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
