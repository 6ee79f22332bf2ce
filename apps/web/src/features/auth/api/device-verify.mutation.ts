import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** POST user/device/verify: the SMS code completes the login → { token, userName, expiresAt }. */
export function useDeviceVerify() {
  return useMutation({
    mutationFn: (body: { challengeId: string; code: string }) => api.call('deviceVerify', { body }),
  });
}
