import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

/** GET statement?month=YYYY-MM (contract §5). */
export function useStatement(month: string) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['statement', token, month],
    queryFn: () => api.call('statement', { query: { month } }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
