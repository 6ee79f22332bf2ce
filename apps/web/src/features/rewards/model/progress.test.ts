import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('progressPercent', () => {
  it('is computed in fen and bounded to 0–100', () => {
    expect(progressPercent('0.00', '100.00')).toBe(0);
    expect(progressPercent('33.33', '100.00')).toBe(33);
    expect(progressPercent('250.00', '100.00')).toBe(100);
    expect(progressPercent('5.00', '0.00')).toBe(100);
  });
});
