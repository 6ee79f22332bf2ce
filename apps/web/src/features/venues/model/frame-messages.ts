import { VenueToSite, FRAME_MESSAGE_SOURCE } from '@nebula/protocol/venue/frame-messages';

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
  const parsed = VenueToSite.safeParse(event.data);
  return parsed.success && parsed.data.source === FRAME_MESSAGE_SOURCE ? parsed.data : null;
}
