import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET memberTopActivity/popInfo: the home pops, each shown once. */
export function usePopInfo() {
  return useQuery({ queryKey: ['popInfo'], queryFn: () => api.call('popInfo') });
}
