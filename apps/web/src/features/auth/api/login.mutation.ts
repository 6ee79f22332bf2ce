import type { LoginRequest } from '@nebula/protocol/api/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** POST user/login → { token, userName, expiresAt }; risk answers carry a login challenge. */
export function useLoginMutation() {
  return useMutation({ mutationFn: (body: LoginRequest) => api.call('login', { body }) });
}
