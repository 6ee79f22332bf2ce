import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { memberKeys, useSessionToken } from './member-keys';

/** GET user/security/overview: bindings, trusted devices, recent logins, risky count. */
export function useSecurityOverview() {
  const token = useSessionToken();
  return useQuery({
    queryKey: memberKeys.security(token),
    queryFn: () => api.call('securityOverview'),
    enabled: token !== null,
  });
}
