import {
  TITLE_MARQUEE_MIN_LENGTH,
  TITLE_MARQUEE_STEP_MS,
} from '@nebula/protocol/constants/constants';

/** One marquee step: the first character moves to the end (by code point, not UTF-16 unit). */
export function rotateTitle(title: string): string {
  const chars = Array.from(title);
  return chars.length < 2 ? title : chars.slice(1).join('') + chars[0];
}

/**
 * Sets the document title and, when the tab is visible and the title is long (contract §8.1: 27+
 * characters), scrolls it one step every 350 ms. Hidden tabs keep the full title (and no timer).
 * Returns the stop function, which restores the full title.
 */
export function startTitleMarquee(title: string, doc: Document = document): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let shown = title;
  doc.title = title;

  const halt = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const sync = () => {
    const long = Array.from(title).length >= TITLE_MARQUEE_MIN_LENGTH;
    if (doc.visibilityState === 'visible' && long) {
      if (timer === null) {
        timer = setInterval(() => {
          shown = rotateTitle(shown);
          doc.title = shown;
        }, TITLE_MARQUEE_STEP_MS);
      }
    } else {
      halt();
      shown = title;
      doc.title = title;
    }
  };

  sync();
  doc.addEventListener('visibilitychange', sync);
  return () => {
    halt();
    doc.removeEventListener('visibilitychange', sync);
    doc.title = title;
  };
}
