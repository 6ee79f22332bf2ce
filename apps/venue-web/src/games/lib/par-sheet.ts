import { useEffect, useState } from 'react';
import { bytesToHex, utf8Encode } from '@nebula/protocol/fair/bytes';
import { sha256 } from '@nebula/protocol/fair/sha256';
import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import { NETWORK_MESSAGE } from '../../lib/api';

/**
 * A slot's par sheet as the venue serves it at its versioned URL (docs/contract.md §10.13): the
 * page reads the exact bytes, hashes them itself, and draws the reels, recomputes spins and
 * computes the rules page's figures from them — so what the member sees is what the hash on
 * every spin commits to.
 */
export interface LoadedParSheet {
  url: string;
  /** SHA-256 of the bytes received, computed here. */
  hash: string;
  sheet: ParSheet;
}

const cache = new Map<string, Promise<LoadedParSheet>>();

export function loadParSheet(url: string): Promise<LoadedParSheet> {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer' })
      .then(async (res) => {
        if (!res.ok) throw new Error(NETWORK_MESSAGE);
        const text = await res.text();
        const hash = bytesToHex(sha256(utf8Encode(text)));
        return { url, hash, sheet: JSON.parse(text) as ParSheet };
      })
      .catch((err: unknown) => {
        cache.delete(url);
        throw err instanceof Error ? err : new Error(NETWORK_MESSAGE);
      });
    cache.set(url, p);
  }
  return p;
}

export type ParSheetState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; retry: () => void }
  | { kind: 'ready'; loaded: LoadedParSheet };

export function useParSheet(url: string | null): ParSheetState {
  const [state, setState] = useState<{ url: string; s: ParSheetState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!url) return;
    let current = true;
    loadParSheet(url).then(
      (loaded) => current && setState({ url, s: { kind: 'ready', loaded } }),
      () => {
        if (!current) return;
        const retry = () => setAttempt((n) => n + 1);
        setState({ url, s: { kind: 'error', message: NETWORK_MESSAGE, retry } });
      },
    );
    return () => {
      current = false;
    };
  }, [url, attempt]);
  return state && state.url === url ? state.s : { kind: 'loading' };
}
