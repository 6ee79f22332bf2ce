import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './lighthouse-cpu';

describe('cpuSlowdownFor', () => {
  it('keeps Lighthouse’s 4× for the middle of the high-end desktop bracket', () => {
    expect(cpuSlowdownFor(1750).cpuSlowdown).toBe(4);
  });

  it('throttles a weaker host less, in proportion to its index', () => {
    expect(cpuSlowdownFor(875).cpuSlowdown).toBe(2);
    expect(cpuSlowdownFor(1000).cpuSlowdown).toBe(2.29);
  });

  it('throttles a faster host more, so the emulated phone stays the same', () => {
    expect(cpuSlowdownFor(2100).cpuSlowdown).toBe(4.8);
  });

  it('never speeds a host up', () => {
    expect(cpuSlowdownFor(300).cpuSlowdown).toBe(1);
  });

  it('refuses an index that measures nothing', () => {
    expect(() => cpuSlowdownFor(0)).toThrow();
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow();
  });
});
