import type { RealityCheck } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { clearVenueSessions } from '../../../lib/venue-sessions';
import { useSessionStore } from '../../../session/session.store';

/** How often the site asks, besides the timer set for the next check's due time. */
const POLL_MS = 60_000;
const key = (token: string | null) => ['realityCheck', token] as const;

/** GET reality-check: the session clock the server keeps (contract §5). */
export function useRealityCheck() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: key(token),
    queryFn: () => api.call('realityCheck'),
    enabled: token !== null,
    refetchInterval: POLL_MS,
    // Asked again whenever the member comes back to the tab, however recent the last answer
    // (the site's queries are fresh for a minute): a phone's timers sleep in the background,
    // and a check that fell due meanwhile shows at once, not at the next poll.
    refetchOnWindowFocus: 'always',
  });
}

/** 继续 (the next check is one interval later) or 退出 (the venue sessions end). */
export function useRealityCheckAnswer() {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: (exit: boolean): Promise<RealityCheck> =>
      api.call(exit ? 'realityCheckExit' : 'realityCheckAck', { body: {} }),
    onSuccess: (status, exit) => {
      // The venues ended the member's sessions: the kept launch sessions are spent.
      if (exit) clearVenueSessions();
      queryClient.setQueryData(key(token), status);
    },
  });
}
