import type { PlatformCounts } from '@nebula/protocol/api/venues/venues.schemas';
import { PLATFORM_COUNTS_CACHE_KEY } from '@nebula/protocol/api/venues/venues.constants';
import {
  PLATFORM_COUNT_DEBOUNCE_MS,
  PLATFORM_COUNT_RETRY_DELAY_MS,
  PLATFORM_COUNT_RETRY_LIMIT,
  PLATFORM_FAMILIES,
} from '@nebula/protocol/constants/constants';
import { create } from 'zustand';
import { api } from '../../../client/api';
import { openWithVault, sealWithVault } from '../../../lib/secure-storage';
import { allVenueSessions, type VenueSession } from '../../../lib/venue-sessions';
import { getToken } from '../../../session/session.store';
import { venueProxy } from './venue-launch';

/** The member's own copy of the counts in the json-cache (sealed on this device). */
const MEMBER_KEY = 'counts:mine';

interface CountsState {
  counts: PlatformCounts | null;
  /** The counts' retry counter: relaunches after an expired OBTY session. */
  retries: number;
}

export const usePlatformCounts = create<CountsState>(() => ({ counts: null, retries: 0 }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function isCounts(v: unknown): v is PlatformCounts {
  return (
    typeof v === 'object' &&
    v !== null &&
    PLATFORM_FAMILIES.every((f) => typeof (v as Record<string, unknown>)[f] === 'object')
  );
}

/** The server cache: a member's own sealed copy, else the shared counts the server writes. */
async function fromCache(): Promise<PlatformCounts | null> {
  if (getToken()) {
    const own = await api.call('jsonCacheGet', { params: { key: MEMBER_KEY } });
    if (own.scope === 'member' && typeof own.value === 'string') {
      const plain = await openWithVault(own.value);
      const parsed = plain ? (JSON.parse(plain) as unknown) : null;
      if (isCounts(parsed)) return parsed;
    }
  }
  const shared = await api.call('jsonCacheGet', { params: { key: PLATFORM_COUNTS_CACHE_KEY } });
  return isCounts(shared.value) ? shared.value : null;
}

/** An OBTY session: its launch token is the counts URL, called with its requestId (contract §6). */
function obSession(): VenueSession | null {
  return allVenueSessions().find((s) => s.params.requestId && /^https?:\/\//.test(s.token)) ?? null;
}

async function fromVenue(
  s: VenueSession,
): Promise<{ expired: boolean; counts: PlatformCounts | null }> {
  const url = new URL(s.token);
  if (url.origin !== s.origin) return { expired: false, counts: null };
  url.searchParams.set('merchantCode', s.merchantCode);
  const res = await fetch(url, {
    headers: { requestid: s.params.requestId! },
    credentials: 'omit',
  });
  const body = (await res.json().catch(() => null)) as {
    code?: unknown;
    msg?: unknown;
    data?: unknown;
  } | null;
  const raw = body?.code;
  const code = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  const msg = typeof body?.msg === 'string' ? body.msg : '';
  if (code.includes('400401') || /expired|过期/i.test(msg)) return { expired: true, counts: null };
  if (code !== '0000000' || typeof body?.data !== 'object' || body.data === null)
    return { expired: false, counts: null };
  // The venue counts live and today; the site knows how many venues of each family are open.
  const open = await fromCache().catch(() => null);
  const data = body.data as Record<string, { live?: number; today?: number }>;
  const counts = Object.fromEntries(
    PLATFORM_FAMILIES.map((f) => [
      f,
      { live: data[f]?.live ?? 0, today: data[f]?.today ?? 0, open: open?.[f].open ?? 0 },
    ]),
  ) as PlatformCounts;
  return { expired: false, counts };
}

/**
 * The platform counts as contract §6 fetches them: a visitor reads the server cache; a member with
 * an OBTY session asks the venue (an expired session counts a retry: past 2 the cache is used,
 * else the venue is relaunched and asked again after 500 ms); what the venue answers is stored
 * and written to the member's cache entry, sealed on this device.
 */
async function load(): Promise<void> {
  const set = (counts: PlatformCounts | null) => usePlatformCounts.setState({ counts });
  const ob = getToken() ? obSession() : null;
  if (!ob) {
    set(await fromCache());
    return;
  }
  const r = await fromVenue(ob);
  if (r.counts) {
    usePlatformCounts.setState({ counts: r.counts, retries: 0 });
    const sealed = await sealWithVault(JSON.stringify(r.counts));
    if (sealed)
      await api
        .call('jsonCacheSet', { params: { key: MEMBER_KEY }, body: { value: sealed } })
        .catch(() => undefined);
    return;
  }
  if (!r.expired) {
    set(await fromCache());
    return;
  }
  const retries = usePlatformCounts.getState().retries + 1;
  usePlatformCounts.setState({ retries });
  if (retries > PLATFORM_COUNT_RETRY_LIMIT) {
    set(await fromCache());
    return;
  }
  await venueProxy.relaunch(ob.venueCode);
  await sleep(PLATFORM_COUNT_RETRY_DELAY_MS);
  await load();
}

let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<void> | null = null;

/** Asks for the counts, debounced by 1 s: a burst of callers makes one fetch. */
export function refreshPlatformCounts(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    running ??= load()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  }, PLATFORM_COUNT_DEBOUNCE_MS);
}
