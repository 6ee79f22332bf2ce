import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRouteName, RequestOf, ResponseOf } from '../api/admin-routes';
import type { CallOptions } from '../api/client';
import { useConsole } from '../session/console-context';
import { canCall } from '../permissions/permissions';

/**
 * A read through TanStack Query, keyed by route and request. A route the operator may not call
 * is not asked at all (the page hides what it would show).
 */
export function useAdminQuery<K extends AdminRouteName>(
  name: K,
  req: RequestOf<K>,
  opts: { enabled?: boolean } = {},
) {
  const { call, session } = useConsole();
  return useQuery<ResponseOf<K>>({
    queryKey: [name, req],
    queryFn: ({ signal }) => call(name, req, { signal }),
    // `enabled: false` waits for the page's input (a member to look up, say).
    enabled: canCall(session, name) && opts.enabled !== false,
  });
}

/** A write; on success every read of the routes in `invalidates` (default all) is refetched. */
export function useAdminMutation<K extends AdminRouteName>(name: K) {
  const { call } = useConsole();
  const client = useQueryClient();
  return useMutation<ResponseOf<K>, Error, { req: RequestOf<K>; opts?: CallOptions }>({
    mutationFn: ({ req, opts }) => call(name, req, opts),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** Whether the signed-in operator may call a route (buttons show only then). */
export function useCan(name: AdminRouteName): boolean {
  return canCall(useConsole().session, name);
}
