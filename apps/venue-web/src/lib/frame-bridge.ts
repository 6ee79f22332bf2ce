import type { SiteToVenue, VenueToSite } from '@nebula/protocol/venue/frame-messages';
import { FRAME_SOURCE, SITE_SOURCE } from './contract';

type Outgoing = VenueToSite extends infer M
  ? M extends unknown
    ? Omit<M, 'source'>
    : never
  : never;

/**
 * The page's side of the postMessage contract: it posts only to the merchant origins
 * its session delivered (never one from the URL or the referrer) and takes a message only from
 * its parent window on one of those origins, and only a message of the contract. A message asks
 * the site to open a screen; it never moves money.
 */
export class FrameBridge {
  #origins: readonly string[] = [];
  #listener: ((e: MessageEvent) => void) | null = null;

  constructor(
    private readonly target: Window | null = window.parent === window ? null : window.parent,
  ) {}

  start(origins: readonly string[], onMessage: (m: SiteToVenue) => void): void {
    this.stop();
    this.#origins = [...origins];
    this.#listener = (e: MessageEvent) => {
      if (!this.#origins.includes(e.origin) || e.source !== this.target) return;
      const m = readSiteMessage(e.data);
      if (m) onMessage(m);
    };
    window.addEventListener('message', this.#listener);
  }

  stop(): void {
    if (this.#listener) window.removeEventListener('message', this.#listener);
    this.#listener = null;
  }

  /**
   * Asks the site to relaunch (请返回重新进入). A page loaded again without its token (a reload)
   * has no session, so no merchant origin: it then addresses the window framing it by the
   * origin the browser reports for it (`ancestorOrigins`, never the URL or the referrer). The
   * message holds nothing but its type; the site heeds it only from its venue's frame.
   */
  requestRelaunch(ancestor: string | undefined = location.ancestorOrigins?.[0]): boolean {
    if (!this.target) return false;
    const origins = this.#origins.length > 0 ? this.#origins : ancestor ? [ancestor] : [];
    for (const origin of origins)
      this.target.postMessage({ source: FRAME_SOURCE, type: 'relaunch' }, origin);
    return origins.length > 0;
  }

  /** Posts to the parent, addressed to each merchant origin: the browser delivers it only to the one the parent is on. */
  post(message: Outgoing): void {
    if (!this.target) return;
    const full = { source: FRAME_SOURCE, ...message };
    for (const origin of this.#origins) this.target.postMessage(full, origin);
  }
}

/** The contract's messages from the site, checked by hand (the first route carries no schema library). */
export function readSiteMessage(data: unknown): SiteToVenue | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.source !== SITE_SOURCE || Object.keys(m).length !== 2) return null;
  return m.type === 'transferDone' ? { source: SITE_SOURCE, type: 'transferDone' } : null;
}

export const bridge = new FrameBridge();
