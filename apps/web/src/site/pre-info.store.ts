import { DEFAULT_PLATFORM_TYPE, StorageKey } from '@nebula/protocol/constants/constants';
import type { ResponseData } from '@nebula/protocol/api/types';
import { create } from 'zustand';
import type { ApiClient } from '../lib/api-client';
import { local } from '../lib/storage';
import { bootData } from './boot-data';

export type PreInfo = ResponseData<'preInfo'>;

interface PreInfoState {
  /** The last known configuration: from the cache at start, replaced when the server answers. */
  preInfo: PreInfo | null;
  /** True while a request is out. */
  loading: boolean;
  /** The last refresh failure, cleared by a successful one. */
  error: unknown;
  /** Whether `preInfo` came from this page's own request or the page itself (not only the cache). */
  fresh: boolean;
}

function readCache(): PreInfo | null {
  const cached = local.getJson<PreInfo>(StorageKey.PreInfo);
  // A cache from an older shape is worse than none: it would drive redirects.
  return cached &&
    typeof cached === 'object' &&
    'SiteBaseConfigVo' in cached &&
    'maintainConfig' in cached
    ? cached
    : null;
}

/**
 * Where the site starts: the pre-info the platform put in this page (as current as an answer
 * to this page's own call), else the cached copy.
 */
function initialState(): PreInfoState {
  const served = bootData()?.preInfo ?? null;
  return { preInfo: served ?? readCache(), loading: false, error: null, fresh: served !== null };
}

export const usePreInfoStore = create<PreInfoState>(initialState);

let pending: Promise<PreInfo | null> | null = null;

/**
 * Stale-while-revalidate (contract §8.2): the cached pre-info renders at once, this refreshes it in
 * the background and writes the cache. Concurrent callers share one request.
 */
export function refreshPreInfo(api: ApiClient): Promise<PreInfo | null> {
  pending ??= (async () => {
    usePreInfoStore.setState({ loading: true });
    try {
      const preInfo = await api.call('preInfo', { body: { platformType: DEFAULT_PLATFORM_TYPE } });
      local.setJson(StorageKey.PreInfo, preInfo);
      usePreInfoStore.setState({ preInfo, loading: false, error: null, fresh: true });
      return preInfo;
    } catch (error) {
      usePreInfoStore.setState({ loading: false, error });
      return null;
    } finally {
      pending = null;
    }
  })();
  return pending;
}

export function getPreInfo(): PreInfo | null {
  return usePreInfoStore.getState().preInfo;
}

/** Tests only. */
export function resetPreInfoStore(): void {
  usePreInfoStore.setState(initialState());
  pending = null;
}
