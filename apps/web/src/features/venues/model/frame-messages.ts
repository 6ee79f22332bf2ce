import type { VenueToSite } from '@nebula/protocol/venue/frame-messages';

/** The contract's `source` of the venue page's messages (its module carries zod: not imported). */
const FRAME_MESSAGE_SOURCE = 'nebula-venue' satisfies VenueToSite['source'];

/**
 * The contract's venue → site messages, checked by hand: the site keeps zod out of its bundle
 * (its compiled parsers need `eval`, which the page's CSP refuses).
 */
function asVenueMessage(data: unknown): VenueToSite | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.source !== FRAME_MESSAGE_SOURCE) return null;
  const keys = Object.keys(m).sort().join(',');
  switch (m.type) {
    case 'ready':
    case 'relaunch':
    case 'balanceChanged':
      return keys === 'source,type' ? { source: FRAME_MESSAGE_SOURCE, type: m.type } : null;
    case 'openTransfer':
      return keys === 'source,type,venueCode' &&
        typeof m.venueCode === 'string' &&
        m.venueCode.length <= 16
        ? { source: FRAME_MESSAGE_SOURCE, type: 'openTransfer', venueCode: m.venueCode }
        : null;
    default:
      return null;
  }
}

/**
 * Whether a message event comes from the venue page in our frame (contract §8): its origin must
 * be the venue's registry origin and its source our frame's window — another frame or window
 * of the same origin is not the page we opened. Only the contract's messages are accepted.
 */
export function acceptFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: { origin: string; window: Window | null },
): VenueToSite | null {
  if (!frame.window || event.source !== frame.window) return null;
  if (event.origin !== frame.origin) return null;
  return asVenueMessage(event.data);
}
