import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET sponsor/list: the operator's sponsorships, in their order. */
export function useSponsors() {
  return useQuery({ queryKey: ['sponsors'], queryFn: () => api.call('sponsorList') });
}
