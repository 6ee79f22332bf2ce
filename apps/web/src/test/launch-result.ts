import type { LaunchResult } from '@nebula/protocol/api/venues/venues.schemas';

/** A venue's launch answer with its pages on `origin` (the session token `fresh`). */
export function launchResult(
  venueCode: string,
  frameRoute: LaunchResult['frameRoute'],
  origin: string,
  autoTransfer: LaunchResult['autoTransfer'] = null,
): LaunchResult {
  return {
    venueCode,
    merchantCode: 'NEBULA',
    frameRoute,
    url: `${origin}/h5/?token=fresh`,
    h5Url: `${origin}/h5/`,
    token: 'fresh',
    activityUrl: `${origin}/h5/`,
    resource: `${origin}/h5/assets/`,
    apiUrl: origin,
    session: {},
    autoTransfer,
  };
}
