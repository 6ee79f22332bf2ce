import type { VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import { isVenuePageUrl } from '@nebula/protocol/venue/registry';

export interface FrameTarget {
  venue: VenueView;
  origin: string;
  url: string;
}

/**
 * Which venue and page a frame route's address names (`?venue=&url=`, or by origin for `?url=`
 * alone): only one of the venue's pages (`/h5/…`) on the origin the registry holds for a venue
 * of this route. Anything else — another origin, or the venue's API on its own origin — is
 * `invalid` (the page shows 404), as the server's check says (contract §6).
 */
export function frameTarget(
  list: VenueView[] | undefined,
  origins: Record<string, string>,
  pathname: string,
  code: string | null,
  url: string | null,
): FrameTarget | 'invalid' | 'loading' {
  if (!list) return 'loading';
  if (!url) return 'invalid';
  const candidates = list.filter(
    (v) => v.frameRoute === pathname && (code === null || v.code === code),
  );
  for (const venue of candidates) {
    const origin = origins[venue.code];
    if (origin && isVenuePageUrl(url, origin)) return { venue, origin, url };
  }
  return 'invalid';
}
