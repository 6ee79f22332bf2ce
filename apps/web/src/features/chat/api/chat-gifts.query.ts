import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** GET stream gifts: the gift catalogue, priced in COIN. It rarely changes: kept for an hour. */
export function useChatGifts() {
  return useQuery({
    queryKey: ['chatGifts'],
    queryFn: () => api.call('chatGifts'),
    staleTime: 60 * 60 * 1000,
  });
}
