import { describe, expect, it } from 'vitest';
import { isRefusedPassword, passwordStrength } from './password-strength';

describe('password strength', () => {
  it('reports what the server refuses first', () => {
    expect(passwordStrength('')).toEqual({ level: 'empty' });
    expect(passwordStrength('abc123')).toEqual({ level: 'weak', reason: 'tooShort' });
    expect(passwordStrength('x'.repeat(65))).toEqual({ level: 'weak', reason: 'tooLong' });
    expect(passwordStrength('Password123')).toEqual({ level: 'weak', reason: 'common' });
    expect(passwordStrength('xx-Alice2026-yy', 'alice2026')).toEqual({
      level: 'weak',
      reason: 'containsName',
    });
  });

  it('grades the rest by length and variety', () => {
    expect(passwordStrength('zebracorn')).toEqual({ level: 'weak', reason: 'simple' });
    expect(passwordStrength('zebra2corn')).toEqual({ level: 'medium' });
    expect(passwordStrength('Zebra-2-Corn!')).toEqual({ level: 'strong' });
    expect(passwordStrength('zebra2cornflakes')).toEqual({ level: 'strong' });
  });

  it('blocks only the refusals', () => {
    expect(isRefusedPassword(passwordStrength('zebracorn'))).toBe(false);
    expect(isRefusedPassword(passwordStrength('12345678'))).toBe(true);
    expect(isRefusedPassword(passwordStrength(''))).toBe(true);
  });
});
