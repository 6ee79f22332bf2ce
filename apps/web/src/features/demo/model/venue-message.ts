import type { VenueToSite } from '@nebula/protocol/venue/frame-messages';

/** The contract's `source` of the venue page's messages (its module carries zod: not imported). */
const SOURCE = 'nebula-venue' satisfies VenueToSite['source'];

/**
 * The type of a venue page message the demo frame acts on, checked by hand (no zod in the
 * site's bundle): `ready`, `balanceChanged` or `relaunch`; anything else (a transfer asked
 * for: play money moves no money) is null.
 */
export function venueMessageType(data: unknown): 'ready' | 'balanceChanged' | 'relaunch' | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.source !== SOURCE || Object.keys(m).length !== 2) return null;
  return m.type === 'ready' || m.type === 'balanceChanged' || m.type === 'relaunch' ? m.type : null;
}
