import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

/**
 * POST user/security/logoutAll: ends every session of the member, this one included. The caller
 * forgets the session here and takes the member to login (holding the member guard meanwhile,
 * see `leavingForLogin`).
 */
export function useLogoutAll() {
  return useMutation({
    mutationFn: () => api.call('logoutAll', { body: {} }),
  });
}
