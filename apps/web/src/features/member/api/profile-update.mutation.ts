import type { MemberInfo } from '@nebula/protocol/api/member/member.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { memberKeys, useSessionToken } from './member-keys';

export interface ProfilePatch {
  nickname?: string;
  avatar?: string;
  email?: string | null;
}

/** POST user/profile/update → the new member info, written straight into the cache. */
export function useProfileUpdate() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (body: ProfilePatch) => api.call('profileUpdate', { body }),
    onSuccess: (info: MemberInfo) => {
      queryClient.setQueryData<MemberInfo>(memberKeys.info(token), (old) => ({ ...old, ...info }));
    },
  });
}
