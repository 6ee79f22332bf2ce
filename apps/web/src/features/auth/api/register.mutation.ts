import type { RegisterRequest } from '@nebula/protocol/api/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** POST user/register: answers like login. */
export function useRegisterMutation() {
  return useMutation({ mutationFn: (body: RegisterRequest) => api.call('register', { body }) });
}
