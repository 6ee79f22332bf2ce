import { describe, expect, it } from 'vitest';
import { versionAtLeast } from './version';

describe('versionAtLeast', () => {
  it.each([
    ['2.0.0', '2.0.0', true],
    ['2.0.1', '2.0.0', true],
    ['2.10.0', '2.9.9', true],
    ['1.9.9', '2.0.0', false],
    ['2', '2.0.0', true],
    [undefined, '2.0.0', false],
    ['v2.0.0', '2.0.0', false],
    ['2.0.0-beta', '2.0.0', false],
  ])('%s ≥ %s: %s', (v, min, expected) => {
    expect(versionAtLeast(v, min)).toBe(expected);
  });
});
