import type { VenueFamily } from '@nebula/protocol/venue/registry';
import { useQuery } from '@tanstack/react-query';
import { PLATFORM_COUNT_POLL_MS } from '@nebula/protocol/constants/constants';
import { api } from '../../../client/api';

/** GET venue/summary: the platform counts and a family's hot matches with the venue's prices. */
export function useVenueSummary(family: VenueFamily) {
  return useQuery({
    queryKey: ['venues', 'summary', family],
    queryFn: () => api.call('venueSummary', { query: { family } }),
    staleTime: 15_000,
    refetchInterval: PLATFORM_COUNT_POLL_MS,
  });
}
