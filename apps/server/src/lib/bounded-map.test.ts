import { describe, expect, it } from 'vitest';
import { setBounded } from './bounded-map';

describe('setBounded', () => {
  it('evicts only the oldest entry when a new key passes the bound', () => {
    const m = new Map<string, number>();
    for (const [i, k] of ['a', 'b', 'c'].entries()) setBounded(m, k, i, 3);
    setBounded(m, 'd', 3, 3);
    expect([...m.keys()]).toEqual(['b', 'c', 'd']);
    // Updating a present key evicts nothing.
    setBounded(m, 'c', 9, 3);
    expect([...m.entries()]).toEqual([
      ['b', 1],
      ['c', 9],
      ['d', 3],
    ]);
  });
});
