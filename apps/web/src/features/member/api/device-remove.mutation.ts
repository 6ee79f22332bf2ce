import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { memberKeys, useSessionToken } from './member-keys';

/** POST user/security/device/remove: the device's next login is a risky one again. */
export function useDeviceRemove() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (deviceId: string) => api.call('deviceRemove', { body: { deviceId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.security(token) }),
  });
}
