import { LIVE_SUBSCRIPTIONS } from './contract';
import type { LiveScope } from '@nebula/protocol/venue/live-frames';
import type { LiveClient } from './live-client';

/**
 * What each part of the page wants to follow live (the list, the detail, the slip, expanded
 * rows), merged into one subscription set: the whole book wins over the main lines, and the
 * set stays within the socket's bound (whole books first: they are what the member looks at).
 */
const sources = new Map<string, ReadonlyMap<string, LiveScope>>();
let client: LiveClient | null = null;
let scheduled = false;

export function attachLive(c: LiveClient | null): void {
  client = c;
  schedule();
}

export function follow(source: string, wanted: ReadonlyMap<string, LiveScope> | null): void {
  if (wanted && wanted.size > 0) sources.set(source, wanted);
  else sources.delete(source);
  schedule();
}

export function mergedFollows(): Map<string, LiveScope> {
  const full = new Set<string>();
  const main = new Set<string>();
  for (const wanted of sources.values()) {
    for (const [id, scope] of wanted) (scope === 'full' ? full : main).add(id);
  }
  const merged = new Map<string, LiveScope>();
  for (const id of full) if (merged.size < LIVE_SUBSCRIPTIONS) merged.set(id, 'full');
  for (const id of main) {
    if (merged.size >= LIVE_SUBSCRIPTIONS) break;
    if (!merged.has(id)) merged.set(id, 'main');
  }
  return merged;
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    client?.follow(mergedFollows());
  });
}
