import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

export type CaptchaPurpose = 'login' | 'register';

/** The server drops a captcha after 2 minutes; a fresh one is fetched a little before. */
const CAPTCHA_REFRESH_MS = 110_000;

/**
 * POST user/captcha: an image captcha, single use. `refetch` gives a new one (tap on the image,
 * and after every attempt that used one). Never cached across mounts.
 */
export function useCaptcha(purpose: CaptchaPurpose, enabled: boolean) {
  return useQuery({
    queryKey: ['captcha', purpose],
    queryFn: () => api.call('captcha', { body: { purpose } }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: enabled ? CAPTCHA_REFRESH_MS : false,
  });
}
