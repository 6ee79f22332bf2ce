/*
 * Plain constants of the venue calls, without zod, so the member site can use them
 * without loading the schemas. `venues.ts` builds its schemas from them.
 */

export const JSON_CACHE_KEY_PATTERN = /^[A-Za-z0-9:_-]{1,64}$/;
export const JSON_CACHE_MAX_BYTES = 8 * 1024;
export const JSON_CACHE_MAX_KEYS = 50;
export const JSON_CACHE_MAX_TTL_MS = 24 * 3600 * 1000;
/** The shared key under which the server keeps the platform counts (contract §6's "server cache"). */
export const PLATFORM_COUNTS_CACHE_KEY = 'platform:counts';
