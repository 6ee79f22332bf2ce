import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

/** Query key of the member's chat standing, per session (a new login sees its own). */
export const chatMeKey = (token: string | null) => ['chatMe', token] as const;

/** GET stream me: whether the member is staff, and whom they shield (members only). */
export function useChatMe() {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: chatMeKey(token),
    queryFn: () => api.call('chatMe'),
    enabled: token !== null,
  });
}
