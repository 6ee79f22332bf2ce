import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionKeyFor, retryUnknownOutcome } from '../../../lib/action-key';
import { api } from '../../../client/api';
import { rewardKeys } from './rewards.queries';

const claimAction = actionKeyFor('rewardGrantClaim');
const giveUpAction = actionKeyFor('rewardGrantGiveUp');
const rebateAction = actionKeyFor('rebateClaim');

/** Money moved: every reward figure and balance on screen refetches. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]).then(() => undefined);
}

/** POST rewards/grants/:id/claim (领取), one key per tap until answered. */
export function useClaimGrant() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (grantId: number) =>
      claimAction.run({ grantId }, (idempotencyKey) =>
        api.call('rewardGrantClaim', { params: { grantId }, body: {}, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSettled: refresh,
  });
}

/** POST rewards/grants/:id/give-up (放弃优惠). */
export function useGiveUpGrant() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (grantId: number) =>
      giveUpAction.run({ grantId }, (idempotencyKey) =>
        api.call('rewardGrantGiveUp', { params: { grantId }, body: {}, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSettled: refresh,
  });
}

/** POST rebate/claim (自助返水). */
export function useClaimRebate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      rebateAction.run({}, (idempotencyKey) =>
        api.call('rebateClaim', { body: {}, idempotencyKey }),
      ),
    retry: retryUnknownOutcome,
    onSettled: refresh,
  });
}

/** POST vip/birthday: set once. */
export function useSetBirthday() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (birthday: string) => api.call('vipBirthdaySet', { body: { birthday } }),
    onSettled: refresh,
  });
}
