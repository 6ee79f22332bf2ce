import { useEffect, useState } from 'react';
import { bytesToHex, utf8Encode } from '@nebula/protocol/fair/bytes';
import { sha256 } from '@nebula/protocol/fair/sha256';
import type { Paytable } from '@nebula/protocol/venue/games/k3-paytable';
import { NETWORK_MESSAGE } from '../../lib/api';

/**
 * A game's paytable as the venue serves it at its versioned URL (docs/contract.md §10.10): the
 * page reads the exact bytes, hashes them itself and shows the odds from them, so what the
 * member sees is what the hash on every round commits to.
 */
export interface LoadedPaytable {
  url: string;
  text: string;
  /** SHA-256 of the bytes received, computed here. */
  hash: string;
  table: Paytable;
}

const cache = new Map<string, Promise<LoadedPaytable>>();

export function loadPaytable(url: string): Promise<LoadedPaytable> {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer' })
      .then(async (res) => {
        if (!res.ok) throw new Error(NETWORK_MESSAGE);
        const text = await res.text();
        return {
          url,
          text,
          hash: bytesToHex(sha256(utf8Encode(text))),
          table: JSON.parse(text) as Paytable,
        };
      })
      .catch((err: unknown) => {
        cache.delete(url);
        throw err instanceof Error ? err : new Error(NETWORK_MESSAGE);
      });
    cache.set(url, p);
  }
  return p;
}

export type PaytableState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; retry: () => void }
  | { kind: 'ready'; paytable: LoadedPaytable };

export function usePaytable(url: string | null): PaytableState {
  const [state, setState] = useState<{ url: string; s: PaytableState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!url) return;
    let current = true;
    loadPaytable(url).then(
      (paytable) => current && setState({ url, s: { kind: 'ready', paytable } }),
      () => {
        if (!current) return;
        const retry = () => setAttempt((n) => n + 1);
        setState({ url, s: { kind: 'error', message: NETWORK_MESSAGE, retry } });
        // Tried again a little later too: the board needs its odds.
        setTimeout(retry, 3000);
      },
    );
    return () => {
      current = false;
    };
  }, [url, attempt]);
  return state && state.url === url ? state.s : { kind: 'loading' };
}
