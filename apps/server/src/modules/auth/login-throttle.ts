import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { bumpThrottle, clearThrottle, lockThrottle, readThrottle } from './throttle.repository';

const WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleRules {
  /** Failed logins of a name before a captcha is required; 0 = never. */
  captchaAfter: number;
  /** Failed logins of a name from one network before that network is locked out. */
  lockAfter: number;
  lockMs: number;
}

export interface ThrottleState {
  captchaRequired: boolean;
  lockedUntil: number | null;
}

/**
 * Failed-login counting (contract §4). Counters are keyed by the name as typed (lower-cased),
 * never by whether it exists, so unknown names behave exactly like real ones. The captcha is
 * per name; the lockout is per name and network, and lasts a fixed time — a stranger on
 * another network can slow a member down with captchas but can never lock them out.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  #keys(name: string, network: string) {
    return { nameKey: `n:${name}`, netKey: `nn:${name}|${network}` };
  }

  async state(name: string, network: string, rules: ThrottleRules): Promise<ThrottleState> {
    const now = this.clock.now();
    const { nameKey, netKey } = this.#keys(name, network);
    const [byName, byNet] = await Promise.all([
      readThrottle(this.db, nameKey, now, WINDOW_MS),
      readThrottle(this.db, netKey, now, WINDOW_MS),
    ]);
    return {
      captchaRequired: rules.captchaAfter > 0 && byName.failures >= rules.captchaAfter,
      lockedUntil: byNet.lockedUntil,
    };
  }

  async fail(name: string, network: string, rules: ThrottleRules): Promise<ThrottleState> {
    const now = this.clock.now();
    const { nameKey, netKey } = this.#keys(name, network);
    const byName = await bumpThrottle(this.db, nameKey, now, WINDOW_MS);
    const byNet = await bumpThrottle(this.db, netKey, now, WINDOW_MS);
    let lockedUntil = byNet.lockedUntil && byNet.lockedUntil > now ? byNet.lockedUntil : null;
    if (!lockedUntil && byNet.failures >= rules.lockAfter) {
      lockedUntil = now + rules.lockMs;
      await lockThrottle(this.db, netKey, lockedUntil);
    }
    return {
      captchaRequired: rules.captchaAfter > 0 && byName.failures >= rules.captchaAfter,
      lockedUntil,
    };
  }

  /**
   * Takes one try of the name's lockout budget on this network before a step-up password is
   * checked, so parallel guesses verify at most the tries left. Answers the lock when the
   * budget is spent (the try is then not checked at all).
   */
  async reserve(
    name: string,
    network: string,
    rules: ThrottleRules,
  ): Promise<{ lockedUntil: number | null; tries: number }> {
    const now = this.clock.now();
    const { netKey } = this.#keys(name, network);
    const byNet = await bumpThrottle(this.db, netKey, now, WINDOW_MS);
    if (byNet.lockedUntil && byNet.lockedUntil > now) {
      return { lockedUntil: byNet.lockedUntil, tries: byNet.failures };
    }
    if (byNet.failures > rules.lockAfter) {
      const lockedUntil = now + rules.lockMs;
      await lockThrottle(this.db, netKey, lockedUntil);
      return { lockedUntil, tries: byNet.failures };
    }
    return { lockedUntil: null, tries: byNet.failures };
  }

  /** After a reserved try failed: the try that spends the budget locks the name here. */
  async lockIfSpent(
    name: string,
    network: string,
    rules: ThrottleRules,
    tries: number,
  ): Promise<number | null> {
    if (tries < rules.lockAfter) return null;
    const lockedUntil = this.clock.now() + rules.lockMs;
    await lockThrottle(this.db, this.#keys(name, network).netKey, lockedUntil);
    return lockedUntil;
  }

  async succeed(name: string, network: string): Promise<void> {
    const { nameKey, netKey } = this.#keys(name, network);
    await clearThrottle(this.db, [nameKey, netKey]);
  }
}
