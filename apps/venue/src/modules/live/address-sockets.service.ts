import type { VenueLimits } from '../../infra/config';

/**
 * Live sockets per client address on this node (contract §6): all of them, and those not yet
 * authenticated. A socket costs nothing to open and its `auth` frame may never come, so the
 * sockets waiting for one are capped tightly; the total is capped above a mobile network's
 * shared address. Past either cap the socket is refused (8066) before any frame is read.
 */
export class AddressSockets {
  readonly #open = new Map<string, { all: number; unauthed: number }>();

  constructor(
    private readonly limits: Pick<VenueLimits, 'livePerAddress' | 'liveUnauthedPerAddress'>,
  ) {}

  /** A new socket from `ip`; false (and nothing taken) past either cap. */
  open(ip: string): boolean {
    const n = this.#open.get(ip) ?? { all: 0, unauthed: 0 };
    if (n.all >= this.limits.livePerAddress || n.unauthed >= this.limits.liveUnauthedPerAddress) {
      return false;
    }
    this.#open.set(ip, { all: n.all + 1, unauthed: n.unauthed + 1 });
    return true;
  }

  /** The socket authenticated: it no longer waits. */
  authed(ip: string): void {
    const n = this.#open.get(ip);
    if (n && n.unauthed > 0) n.unauthed -= 1;
  }

  /** The socket closed (`authed`: whether it had authenticated). */
  close(ip: string, authed: boolean): void {
    const n = this.#open.get(ip);
    if (!n) return;
    n.all -= 1;
    if (!authed && n.unauthed > 0) n.unauthed -= 1;
    if (n.all <= 0) this.#open.delete(ip);
  }
}
