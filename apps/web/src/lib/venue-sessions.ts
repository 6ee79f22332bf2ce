import { StorageKey } from '@nebula/protocol/constants/constants';
import { local } from './storage';

/**
 * What the site keeps per venue (contract §6): the dialect's session parameters of its last launch,
 * and the message of its last launch error under the per-venue key. The session parameters
 * carry the member site's token at that venue (sent only to that venue's origin, by the
 * third-party proxy); they are dropped on logout with the rest of the session.
 */
const SESSION_PREFIX = 'venueSession:';

export interface VenueSession {
  venueCode: string;
  merchantCode: string;
  /** The venue's public origin the session belongs to (its launch page's origin). */
  origin: string;
  /** OBTY: the counts URL (its launch token). */
  token: string;
  params: Record<string, string>;
  at: number;
}

export function saveVenueSession(s: VenueSession): void {
  local.set(`${SESSION_PREFIX}${s.venueCode}`, JSON.stringify(s));
}

export function venueSession(venueCode: string): VenueSession | null {
  const raw = local.get(`${SESSION_PREFIX}${venueCode}`);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as VenueSession;
    return s && typeof s.params === 'object' && typeof s.origin === 'string' ? s : null;
  } catch {
    return null;
  }
}

export function allVenueSessions(): VenueSession[] {
  const out: VenueSession[] = [];
  for (const key of local.keys()) {
    if (key.startsWith(SESSION_PREFIX)) {
      const s = venueSession(key.slice(SESSION_PREFIX.length));
      if (s) out.push(s);
    }
  }
  return out;
}

export function clearVenueSessions(): void {
  for (const key of local.keys()) if (key.startsWith(SESSION_PREFIX)) local.remove(key);
}

export function saveLaunchError(venueCode: string, message: string): void {
  local.set(`${StorageKey.VenueLaunchErrorPrefix}${venueCode}`, message);
}

export function launchError(venueCode: string): string | null {
  return local.get(`${StorageKey.VenueLaunchErrorPrefix}${venueCode}`);
}

export function clearLaunchError(venueCode: string): void {
  local.remove(`${StorageKey.VenueLaunchErrorPrefix}${venueCode}`);
}
