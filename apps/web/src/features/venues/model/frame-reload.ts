import { session } from '../../../lib/storage';

/**
 * A launch URL carries a single-use token: the venue trades it for a session the first time the
 * frame loads it. The frame route keeps that URL in its address, so a reload of the page would
 * hand the venue a spent token (请返回重新进入). The URLs a frame has loaded in this tab are kept
 * here; a frame route that finds its URL among them relaunches quietly instead.
 */
const KEY = 'venueFramesLoaded';
const KEEP = 20;

function loaded(): string[] {
  try {
    const list: unknown = JSON.parse(session.get(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

export function markFrameLoaded(url: string): void {
  const list = loaded().filter((u) => u !== url);
  list.push(url);
  session.set(KEY, JSON.stringify(list.slice(-KEEP)));
}

export function frameLoadedBefore(url: string): boolean {
  return loaded().includes(url);
}

/**
 * The relaunched page's URL on the page the member was on: the fresh launch's token and
 * parameters on the old URL's path (both on the venue's origin, else the fresh URL as is).
 * A 跟投 prefill is not carried over: the slip was filled on the first load.
 */
export function relaunchedUrl(previous: string, fresh: string): string {
  try {
    const a = new URL(previous);
    const b = new URL(fresh);
    if (a.origin !== b.origin) return fresh;
    b.searchParams.delete('selections');
    return `${b.origin}${a.pathname}${b.search}`;
  } catch {
    return fresh;
  }
}

/**
 * A venue that keeps refusing its fresh launches is not relaunched in a loop: at most three
 * quiet relaunches a minute per venue, then the venue page's own 请返回重新进入 stands.
 */
const recent = new Map<string, number[]>();
export function mayRelaunchQuietly(venueCode: string, now = Date.now()): boolean {
  const times = (recent.get(venueCode) ?? []).filter((at) => now - at < 60_000);
  const allowed = times.length < 3;
  if (allowed) times.push(now);
  recent.set(venueCode, times);
  return allowed;
}
