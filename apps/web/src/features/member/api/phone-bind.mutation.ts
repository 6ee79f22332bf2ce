import type { MemberInfo, StepUp } from '@nebula/protocol/api/member/member.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { memberKeys, useSessionToken } from './member-keys';

export interface PhoneBindInput {
  countryCode: string;
  phone: string;
  code: string;
  stepUp?: StepUp;
}

/** POST user/phone/bind: binds or changes the phone (a change needs a step-up). */
export function usePhoneBind() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (body: PhoneBindInput) => api.call('phoneBind', { body }),
    onSuccess: (info: MemberInfo) => {
      queryClient.setQueryData<MemberInfo>(memberKeys.info(token), (old) => ({ ...old, ...info }));
      void queryClient.invalidateQueries({ queryKey: memberKeys.security(token) });
    },
  });
}
