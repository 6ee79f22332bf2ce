import { z } from 'zod';

/**
 * Messages between the venue page (in the member site's frame) and the member site, by
 * `postMessage`. The venue posts only to the merchant origins delivered with its session and
 * accepts only from them; the site accepts only from its frame's origin and window. A message
 * can ask the site to open a screen the member then confirms; it never moves money.
 */
export const FRAME_MESSAGE_SOURCE = 'nebula-venue';

export const VenueToSite = z.discriminatedUnion('type', [
  /** The page is up (the site hides its loader). */
  z.object({ source: z.literal(FRAME_MESSAGE_SOURCE), type: z.literal('ready') }),
  /** 转入: open the transfer sheet for this venue. */
  z.object({
    source: z.literal(FRAME_MESSAGE_SOURCE),
    type: z.literal('openTransfer'),
    venueCode: z.string().max(16),
  }),
  /** The session expired (请返回重新进入): the site relaunches, debounced. */
  z.object({ source: z.literal(FRAME_MESSAGE_SOURCE), type: z.literal('relaunch') }),
  /** The venue balance changed (a bet, a settlement): the site refreshes what it shows. */
  z.object({ source: z.literal(FRAME_MESSAGE_SOURCE), type: z.literal('balanceChanged') }),
]);
export type VenueToSite = z.infer<typeof VenueToSite>;

export const SiteToVenue = z.discriminatedUnion('type', [
  /** Money moved in from the site: the page reloads its balance. */
  z.object({ source: z.literal('nebula-site'), type: z.literal('transferDone') }),
]);
export type SiteToVenue = z.infer<typeof SiteToVenue>;
