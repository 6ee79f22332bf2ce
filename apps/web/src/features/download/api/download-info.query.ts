import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET download/info: official addresses and the operator's app links. */
export function useDownloadInfo() {
  return useQuery({ queryKey: ['downloadInfo'], queryFn: () => api.call('downloadInfo') });
}
