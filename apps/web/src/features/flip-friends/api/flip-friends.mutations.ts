import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';

const flipAction = actionKeyFor('luckyFlipFlip');
const inviteClaimAction = actionKeyFor('friendInvitationClaim');

/** Money may have moved: the reward pages and the balances refetch. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['rewards'] }),
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]).then(() => undefined);
}

/** POST activities/lucky-flip/flip: one key per tap until answered. */
export function useFlip() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (activityId: number) =>
      flipAction.run({ activityId }, (idempotencyKey) =>
        api.call('luckyFlipFlip', { body: { activityId }, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSettled: refresh,
  });
}

export function useSetClientSeed() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (clientSeed: string) => api.call('luckyFlipClientSeed', { body: { clientSeed } }),
    onSettled: refresh,
  });
}

export function useRotateSeed() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.call('luckyFlipRotate', { body: {} }),
    onSettled: refresh,
  });
}

/** POST activities/friend-invitation/claim (领取). */
export function useClaimInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      inviteClaimAction.run({}, (idempotencyKey) =>
        api.call('friendInvitationClaim', { body: {}, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSettled: refresh,
  });
}
