import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** POST user/password/reset/sendCode: the same answer for every name (nothing to enumerate). */
export function usePasswordResetCode() {
  return useMutation({
    mutationFn: (userName: string) => api.call('passwordResetCode', { body: { userName } }),
  });
}
