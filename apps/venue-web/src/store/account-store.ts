import type { H5Meta } from '@nebula/protocol/venue/h5-meta';
import { ApiError } from '../lib/api';
import { bridge } from '../lib/frame-bridge';
import { createStore } from '../lib/store';
import { venueApi } from '../lib/venue-api';

export interface BalanceState {
  balance: string | null;
  debt: string;
  loading: boolean;
  error: string | null;
}

export const balanceStore = createStore<BalanceState>({
  balance: null,
  debt: '0.00',
  loading: true,
  error: null,
});
export const metaStore = createStore<H5Meta | null>(null);
/** Bumped when bets change (placed, settled): 我的注单 reloads on it. */
export const betsRevision = createStore(0);

/**
 * Reads the venue balance; `changed` also tells the member site (a bet, a settlement), which
 * refreshes what it shows of this venue.
 */
export async function refreshBalance(changed = false): Promise<void> {
  balanceStore.set((s) => ({ ...s, loading: true, error: null }));
  try {
    const b = await venueApi.balance();
    balanceStore.set({ balance: b.balance, debt: b.debt, loading: false, error: null });
    if (changed) bridge.post({ type: 'balanceChanged' });
  } catch (err) {
    balanceStore.set((s) => ({
      ...s,
      loading: false,
      error: err instanceof ApiError ? err.message : String(err),
    }));
  }
}

export async function loadMeta(): Promise<void> {
  try {
    metaStore.set(await venueApi.meta());
  } catch {
    // The slip falls back to the limits the venue states when it refuses a stake.
  }
}

const open = new Set<string>();
let timer: ReturnType<typeof setInterval> | null = null;
const WATCH_MS = 10_000;

/**
 * Settlements are the venue's doing: while the member has open bets the page looks every 10 s
 * for the ones that ended, then refreshes the balance (and tells the site) and 我的注单.
 */
export function trackOpenBets(betIds: Iterable<string>): void {
  for (const id of betIds) open.add(id);
  if (open.size > 0 && !timer) timer = setInterval(() => void checkSettled(), WATCH_MS);
}

export async function checkSettled(): Promise<void> {
  if (open.size === 0) return;
  let still: Set<string>;
  try {
    still = new Set((await venueApi.bets(false, 100)).bets.map((b) => b.betId));
  } catch {
    return;
  }
  const ended = [...open].filter((id) => !still.has(id));
  if (ended.length === 0) return;
  for (const id of ended) open.delete(id);
  if (open.size === 0 && timer) {
    clearInterval(timer);
    timer = null;
  }
  betsRevision.set((n) => n + 1);
  await refreshBalance(true);
}
