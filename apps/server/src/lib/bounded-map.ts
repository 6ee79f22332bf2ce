/**
 * Sets `key` in a map kept to at most `max` entries: when a new key would pass the bound, the
 * oldest entry (Map keeps insertion order) is evicted, never the whole map — emptying a cache
 * when full turns one busy moment into a stampede of misses.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
