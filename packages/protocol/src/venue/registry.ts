import type { Dialect } from './dialects';

/**
 * The platform's venue registry vocabulary (contract §6), shared by the server (registry,
 * launch, CSP) and the member site (game pages, frame routes): the game families, where each
 * venue's page opens, and what a venue's public origin may look like. Pure, no I/O.
 */

/**
 * The game families a venue belongs to (its registry's `family`, contract §6): the seven
 * `/game/*` pages.
 */
export const venueFamilies = ['TY', 'ZR', 'DJ', 'CP', 'QP', 'DZ', 'BY'] as const;
export type VenueFamily = (typeof venueFamilies)[number];

/** The `/game/*` member page of each family. */
export const familyGamePath: Record<VenueFamily, string> = {
  TY: '/game/sport',
  ZR: '/game/realbet',
  DJ: '/game/gaming',
  CP: '/game/lottery',
  QP: '/game/chess',
  DZ: '/game/egame',
  BY: '/game/fishing',
};

export const venueStatuses = ['open', 'maintenance'] as const;
export type VenueStatus = (typeof venueStatuses)[number];

/**
 * The frame routes of contract §8.1: venue frames under `/sport` and `/gaming` (contract §6);
 * `/gaming/house` frames the house game venues' pages (every family but TY and DJ).
 */
export const frameRoutes = [
  '/sport/V188',
  '/sport/im',
  '/sport/ob',
  '/gaming/imdj',
  '/gaming/ybdj',
  '/gaming/lhdj',
  '/gaming/house',
] as const;
export type FrameRoute = (typeof frameRoutes)[number];

/** The families whose venues speak a sportsbook dialect (contract §6): a registry row needs one. */
export const dialectFamilies: readonly VenueFamily[] = ['TY', 'DJ'];

/** Whether a registry row of `family` must name a dialect (TY, DJ) or may leave it null. */
export function familyNeedsDialect(family: VenueFamily): boolean {
  return dialectFamilies.includes(family);
}

/**
 * Where a venue's page opens inside the member site: sports by dialect (IMTY `/sport/im`, OBTY
 * `/sport/ob`, YBTY and FBTY `/sport/V188`), esports by dialect (IM `/gaming/imdj`, YB
 * `/gaming/ybdj`, FB — 雷火 — `/gaming/lhdj`), every other family in `/gaming/house` (the
 * house games, dialect null). An esports venue of another dialect has no frame route and opens
 * in a new window.
 */
export function frameRouteOf(family: VenueFamily, dialect: Dialect | null): FrameRoute | null {
  if (family === 'TY') {
    if (dialect === 'IMTY') return '/sport/im';
    if (dialect === 'OBTY') return '/sport/ob';
    if (dialect === null) return null;
    return '/sport/V188';
  }
  if (family === 'DJ') {
    if (dialect === 'IMTY') return '/gaming/imdj';
    if (dialect === 'YBTY') return '/gaming/ybdj';
    if (dialect === 'FBTY') return '/gaming/lhdj';
    return null;
  }
  return '/gaming/house';
}

/**
 * A venue's public origin as the registry holds it: `scheme://host[:port]` exactly (no path, no
 * trailing slash), http or https only. The frame accepts a page URL only on this origin.
 */
export function isPlainOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value;
  } catch {
    return false;
  }
}

/** Whether `url` is an http(s) URL on exactly `origin`. */
export function isOnOrigin(url: string, origin: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === origin;
  } catch {
    return false;
  }
}

/** Where a venue's member pages live on its origin (contract §6): everything else is its API. */
export const VENUE_PAGE_PATH = '/h5/';

/**
 * Whether `url` is one of the venue's member pages: on exactly `origin` and under
 * `VENUE_PAGE_PATH`. A frame opens nothing else of the venue's origin (its operator or merchant
 * API would render in the site's frame). The path is judged as the URL parser normalised it
 * (`..` and `%2e%2e` segments resolved) and must be plain: no percent-escape, so an encoded
 * slash or dot cannot climb out on a server that decodes it.
 */
export function isVenuePageUrl(url: string, origin: string): boolean {
  if (!isOnOrigin(url, origin)) return false;
  const path = new URL(url).pathname;
  return path.startsWith(VENUE_PAGE_PATH) && /^[A-Za-z0-9/._~-]*$/.test(path);
}
