import { useCallback } from 'react';
import { api } from '../../../client/api';
import { refreshPreInfo, usePreInfoStore } from '../../../site/pre-info.store';

/** Pre-info for a system page: the cached copy, the refresh state, and a retry. */
export function usePreInfoPage() {
  const preInfo = usePreInfoStore((state) => state.preInfo);
  const loading = usePreInfoStore((state) => state.loading);
  const error = usePreInfoStore((state) => state.error);
  const fresh = usePreInfoStore((state) => state.fresh);
  const retry = useCallback(() => void refreshPreInfo(api), []);
  return { preInfo, loading, error, fresh, retry };
}
