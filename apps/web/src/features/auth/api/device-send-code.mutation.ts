import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** POST user/device/sendCode: the device-authorization SMS → { expiresAt, resendAfter }. */
export function useDeviceSendCode() {
  return useMutation({
    mutationFn: (challengeId: string) => api.call('deviceSendCode', { body: { challengeId } }),
  });
}
