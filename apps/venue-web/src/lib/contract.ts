/**
 * Values of the protocol's venue contract that live in modules building zod schemas at load
 * (venue/h5.ts, frame-messages.ts, live-frames.ts). The first route carries no schema library,
 * so they are restated here; contract.test.ts holds each equal to its protocol original.
 */
export const EXCHANGE_PATH = '/h5/api/session/exchange';
export const LIVE_PATH = '/h5/api/live';
export const LIVE_SUBSCRIPTIONS = 200;
export const FRAME_SOURCE = 'nebula-venue';
export const SITE_SOURCE = 'nebula-site';
/** The engine calls, under the session's dialect prefix (protocol `h5Paths`, `h5MetaPath`). */
export const H5_PATHS = {
  events: '/events',
  event: '/event',
  results: '/results',
  place: '/bet/place',
  bets: '/bets',
  balance: '/balance',
  preferences: '/preferences',
  meta: '/meta',
} as const;
