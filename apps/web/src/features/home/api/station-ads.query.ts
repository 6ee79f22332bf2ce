import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET queryStationAdList: the home banner carousel. Shared with the start-up prefetch. */
export const stationAdsQuery = {
  queryKey: ['stationAdList'],
  queryFn: () => api.call('stationAdList'),
};

export function useStationAds() {
  return useQuery(stationAdsQuery);
}
