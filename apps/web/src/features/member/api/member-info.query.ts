import { Header } from '@nebula/protocol/constants/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { userHash } from '../../../lib/user-hash';
import { useSessionStore } from '../../../session/session.store';
import { memberKeys } from './member-keys';

/**
 * POST user/member/info with `withLockMoney: 1` and `X-User-Hash` (SHA-256 of the lower-cased
 * user name). Runs once the session's user name is known.
 */
export function useMemberInfo() {
  const token = useSessionStore((state) => state.token);
  const userName = useSessionStore((state) => state.userName);
  return useQuery({
    queryKey: memberKeys.info(token),
    queryFn: async () =>
      api.call('memberInfo', {
        body: { withLockMoney: 1 },
        headers: { [Header.UserHash]: await userHash(userName ?? '') },
      }),
    enabled: token !== null && userName !== null,
  });
}
