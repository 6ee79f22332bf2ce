import type { RealNameInfo } from '@nebula/protocol/api/member/member.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { memberKeys, useSessionToken } from './member-keys';

/** POST user/realName/submit: the name goes to an operator's review (→ /mine/infoAudit). */
export function useRealNameSubmit() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (realName: string) => api.call('realNameSubmit', { body: { realName } }),
    onSuccess: (info: RealNameInfo) => {
      queryClient.setQueryData(memberKeys.realName(token), info);
      void queryClient.invalidateQueries({ queryKey: memberKeys.info(token) });
      void queryClient.invalidateQueries({ queryKey: memberKeys.security(token) });
    },
  });
}
