import type { RecallUnreachable, VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import { launchVenue } from './venue-launch';

export interface OpenOptions {
  appSendMoney: boolean;
  selections?: string[];
  /** A house game venue: the game to open. */
  gameCode?: string;
  /** The router's navigate, for venues with a frame route. */
  navigate: (to: string) => void;
}

/**
 * The frame route's address for a launched page: the venue, its page URL and, for a house game
 * venue's launch that named one, the game (a quiet relaunch opens the same game again).
 */
export function frameHref(
  frameRoute: string,
  venueCode: string,
  url: string,
  gameCode?: string | null,
): string {
  const game = gameCode ? `&game=${encodeURIComponent(gameCode)}` : '';
  return `${frameRoute}?venue=${encodeURIComponent(venueCode)}&url=${encodeURIComponent(url)}${game}`;
}

/** The `game` a venue page URL carries (a house game venue's launch names it so), if any. */
export function gameOfPageUrl(url: string | null): string | null {
  try {
    return url ? new URL(url).searchParams.get('game') : null;
  } catch {
    return null;
  }
}

/** The game a frame route's address names (`&game=`), when it is a well-formed game code. */
export function frameGameCode(raw: string | null): string | null {
  return raw && /^[A-Z][A-Z0-9]{1,15}$/.test(raw) ? raw : null;
}

/**
 * Opens a venue from the member's tap: in its frame route, or — a venue without one — in a new
 * window opened on the tap itself (iOS Safari blocks windows opened after an await), cut off
 * from this page (`opener` null) and sent to the venue once the launch answered. Answers the
 * venues 免转 could not recall from (their money stays there; the member is to be told).
 */
export async function openVenue(venue: VenueView, o: OpenOptions): Promise<RecallUnreachable[]> {
  const popup = venue.frameRoute ? null : window.open('about:blank', '_blank');
  if (popup) popup.opener = null;
  try {
    const r = await launchVenue(venue.code, {
      manual: true,
      appSendMoney: o.appSendMoney,
      selections: o.selections,
      gameCode: o.gameCode,
    });
    if (venue.frameRoute) o.navigate(frameHref(venue.frameRoute, venue.code, r.url, o.gameCode));
    else if (popup) popup.location.href = r.url;
    return r.autoTransfer?.unreachable ?? [];
  } catch (error) {
    popup?.close();
    throw error;
  }
}
