import type { VenueFamily } from '@nebula/protocol/venue/registry';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET venue/list: a family's venues (every family's without one), in the operators' order. */
export function useVenueList(family?: VenueFamily) {
  return useQuery({
    queryKey: ['venues', 'list', family ?? 'all'],
    queryFn: () => api.call('venueList', { query: family ? { family } : {} }),
    staleTime: 30_000,
  });
}
