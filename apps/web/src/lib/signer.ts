/*
 * What the request client needs of a signer, apart from the signer itself (signing/signer.ts),
 * so lib/ does not import its signing/ subfolder, which imports lib/.
 */

/** The X-Sign computation of contract §2, with the device key obtained once and cached. */
export interface Signer {
  /** Lower-case hex HMAC of `base:uuid:timestamp`, or '' when no key can be had. */
  sign: (path: string, uuid: string, timestamp: number) => Promise<string>;
  /** Start obtaining the key now, so the first signed call does not wait for it. */
  warmUp: (uuid: string) => void;
  /**
   * Forget the key (the server refused a signature): the next call obtains it afresh. Given the
   * generation a refused signature was made with, only that key is dropped, so a burst of
   * refusals triggers one re-fetch, not one per request.
   */
  invalidate: (generation?: number) => void;
  /** Increases each time the key is dropped. */
  generation: () => number;
  /** Where the key in use came from, for diagnostics and tests. */
  source: () => KeySource;
}

export type KeySource = 'none' | 'chunk' | 'blob' | 'empty';
