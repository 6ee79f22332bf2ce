import type { StepUp } from '@nebula/protocol/api/member/member.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { memberKeys, useSessionToken } from './member-keys';

/** POST user/fundPassword/set: sets or changes the 6-digit fund password (step-up needed). */
export function useFundPasswordSet() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (body: { fundPassword: string; stepUp: StepUp }) =>
      api.call('fundPasswordSet', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.info(token) });
      void queryClient.invalidateQueries({ queryKey: memberKeys.security(token) });
    },
  });
}
