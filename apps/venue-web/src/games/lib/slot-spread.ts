import { useEffect, useState } from 'react';
import { slotSpread, type SlotSpread } from '@nebula/protocol/venue/games/slots/slot-variance';
import { loadParSheet } from './par-sheet';

/**
 * A slot's exact spread (standard deviation and volatility index, docs/contract.md §10.13),
 * computed in the page from the par sheet it fetched and hashed — about half a second of work
 * per game, so it runs after the screen has painted and once per par sheet hash.
 */
const done = new Map<string, SlotSpread>();

export function useSlotSpread(url: string | null): SlotSpread | null {
  const [spread, setSpread] = useState<{ url: string; s: SlotSpread } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    loadParSheet(url).then(
      (loaded) => {
        if (!current) return;
        timer = setTimeout(() => {
          let s = done.get(loaded.hash);
          if (!s) {
            s = slotSpread(loaded.sheet);
            done.set(loaded.hash, s);
          }
          if (current) setSpread({ url, s });
        }, 50);
      },
      () => {
        // The figures stay hidden; the game page says when its par sheet cannot be read.
      },
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [url]);
  return spread && spread.url === url ? spread.s : null;
}
