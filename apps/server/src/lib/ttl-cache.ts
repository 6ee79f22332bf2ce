import { setBounded } from './bounded-map';
import type { Clock } from './clock';

/**
 * A small keyed cache of promises with a time to live and explicit invalidation. A failed
 * load is not kept. Used for operator data read on hot paths. Its time is the services' clock
 * (a test that moves the clock expires the cache with everything else).
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = this.clock.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    setBounded(this.#entries, key, { value, expires: now + this.ttlMs }, this.maxEntries);
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
