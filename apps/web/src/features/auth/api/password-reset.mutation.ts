import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** POST user/password/reset: the SMS code and a new password; ends every session. */
export function usePasswordReset() {
  return useMutation({
    mutationFn: (body: { userName: string; code: string; newPassword: string }) =>
      api.call('passwordReset', { body }),
  });
}
