import { describe, expect, it } from 'vitest';
import { FakeClock, systemClock } from './clock';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('loads once within the ttl and again after it, on the clock it is given', async () => {
    const clock = new FakeClock();
    const cache = new TtlCache<string, number>(clock, 1000);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    clock.advance(1001);
    expect(await cache.get('a', load)).toBe(2);
    cache.clear();
    expect(await cache.get('a', load)).toBe(3);
  });
  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string, number>(systemClock, 1000);
    await expect(cache.get('a', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('a', () => Promise.resolve(7))).toBe(7);
  });
});
