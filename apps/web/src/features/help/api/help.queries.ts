import type { HelpSlug } from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET help/list: the index (titles, sections, summaries with live figures). */
export function useHelpIndex() {
  return useQuery({ queryKey: ['help', 'index'], queryFn: () => api.call('helpIndex') });
}

/** GET help/doc/:slug: a page with the site's live figures filled in. */
export function useHelpDoc(slug: HelpSlug | null) {
  return useQuery({
    queryKey: ['help', 'doc', slug],
    queryFn: () => api.call('helpDoc', { params: { slug: slug! } }),
    enabled: slug !== null,
    // Figures follow the operators' settings: a page opened again is asked for again.
    staleTime: 0,
  });
}

/** GET help/search?q=: pages whose title or text holds the words. */
export function useHelpSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['help', 'search', query],
    queryFn: () => api.call('helpSearch', { query: { q: query } }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}
