import { StorageKey } from '@nebula/protocol/constants/constants';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import type { ApiEvents } from '../lib/api-events';
import { local } from '../lib/storage';

export const RESTRICTION_PATH = '/other/restrictionIp';
export const ACCESS_CAVEAT_URL = `${RESTRICTION_PATH}?name=access-caveat`;
export const ACCESS_ALERT_URL = `${RESTRICTION_PATH}?name=access-alert`;

interface AccessPreInfo {
  SiteBaseConfigVo?: { downloadOnly?: boolean };
  maintainConfig?: { status?: number };
}

export interface AccessRedirectDeps {
  getPreInfo: () => AccessPreInfo | null;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** pathname + search of the current page, to avoid re-navigating to where we are. */
  currentUrl: () => string;
}

/**
 * The access rules of contract §3: restriction (6031/6033) and maintenance (6032) answers send the
 * visitor to the restriction page, except on the download-only platform, and for maintenance
 * also when the operator's bypass flag `isGo` is set.
 */
export function installAccessRedirects(events: ApiEvents, deps: AccessRedirectDeps): () => void {
  const go = (url: string) => {
    if (deps.currentUrl() !== url) deps.navigate(url, { replace: true });
  };
  const downloadOnly = () => deps.getPreInfo()?.SiteBaseConfigVo?.downloadOnly === true;

  const onRestricted = () => {
    if (!downloadOnly()) go(ACCESS_CAVEAT_URL);
  };
  const onMaintenance = () => {
    if (local.get(StorageKey.IsGo) !== null || downloadOnly()) return;
    // Status 0 is a full stop, which the stop-service rule of the shell handles instead.
    if (deps.getPreInfo()?.maintainConfig?.status !== 0) go(ACCESS_ALERT_URL);
  };

  const off = [
    events.on(ErrorCode.AccessRestrictedIp, onRestricted),
    events.on(ErrorCode.AccessRestrictedRegion, onRestricted),
    events.on(ErrorCode.Maintenance, onMaintenance),
  ];
  return () => off.forEach((unsubscribe) => unsubscribe());
}
