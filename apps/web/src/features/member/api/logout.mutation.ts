import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { clearSession } from '../../../session/session.store';

/**
 * POST user/logout, then forget the session here whatever the answer: a failed call must not
 * leave the member logged in on this device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('logout', { body: {} }),
    onSettled: () => {
      clearSession();
      // Keys carry the token, so nothing would show again; this only frees the memory.
      for (const key of ['memberInfo', 'realNameStatus', 'securityOverview', 'loginHistory']) {
        queryClient.removeQueries({ queryKey: [key] });
      }
    },
  });
}
