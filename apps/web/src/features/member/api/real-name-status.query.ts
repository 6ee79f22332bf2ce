import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { memberKeys, useSessionToken } from './member-keys';

/** GET user/realName/status: the real-name review state, masked name, reason and times. */
export function useRealNameStatus() {
  const token = useSessionToken();
  return useQuery({
    queryKey: memberKeys.realName(token),
    queryFn: () => api.call('realNameStatus'),
    enabled: token !== null,
  });
}
