import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { activityKeys } from './activities.queries';

const claimAction = actionKeyFor('activityClaim');
const checkinAction = actionKeyFor('checkin');

/** After an action: the activities, 福利记录 and balances on screen refetch. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['rewards'] }),
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]).then(() => undefined);
}

/** POST activities/:id/apply (申请): paid at the next qualifying deposit; no money moves now. */
export function useApplyActivity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (activityId: number) =>
      api.call('activityApply', { params: { activityId }, body: {} }),
    onSettled: refresh,
  });
}

/** POST activities/:id/claim (领取), one key per tap until answered. */
export function useClaimActivity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (activityId: number) =>
      claimAction.run({ activityId }, (idempotencyKey) =>
        api.call('activityClaim', { params: { activityId }, body: {}, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSettled: refresh,
  });
}

/** POST checkin (签到), one key per tap until answered. */
export function useCheckin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      checkinAction.run({}, (idempotencyKey) => api.call('checkin', { body: {}, idempotencyKey })),
    retry: retryUnknownOutcome,
    onSettled: refresh,
  });
}
