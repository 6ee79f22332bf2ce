import { QueryClient } from '@tanstack/react-query';
import { BusinessError, CancelledError } from '../lib/api-errors';

/**
 * Business answers are final (retrying a 6002 changes nothing, and session codes must not
 * repeat their handlers); only transport failures get one more try.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof BusinessError) &&
          !(error instanceof CancelledError) &&
          failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
