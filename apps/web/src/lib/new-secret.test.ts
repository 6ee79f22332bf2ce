import { describe, expect, it } from 'vitest';
import { cleanSecret, newSecretProblems } from './new-secret';
import { passwordStrength } from './password-strength';

describe('newSecretProblems', () => {
  it('accepts a good password confirmed', () => {
    expect(newSecretProblems('password', 'Tz9!kq2Lw', 'Tz9!kq2Lw')).toEqual({});
  });

  it('refuses what the server refuses, with the meter reason', () => {
    expect(newSecretProblems('password', '', '').secret).toBe('required');
    expect(newSecretProblems('password', 'Ab1!', 'Ab1!').secret).toBe('tooShort');
    expect(newSecretProblems('password', 'password', 'password').secret).toBe('common');
    const strength = passwordStrength('alice2024!X', 'alice');
    expect(newSecretProblems('password', 'alice2024!X', 'alice2024!X', strength).secret).toBe(
      'containsName',
    );
  });

  it('lets a simple but allowed password through', () => {
    expect(newSecretProblems('password', 'abcdefghij', 'abcdefghij')).toEqual({});
  });

  it('refuses a confirmation that differs or is empty', () => {
    expect(newSecretProblems('password', 'Tz9!kq2Lw', 'Tz9!kq2Lx').confirm).toBe('mismatch');
    expect(newSecretProblems('fund', '123456', '').confirm).toBe('mismatch');
  });

  it('checks a fund password by the protocol pattern', () => {
    expect(newSecretProblems('fund', '123456', '123456')).toEqual({});
    expect(newSecretProblems('fund', '12345', '12345').secret).toBe('fundRule');
  });

  it('keeps six digits of a fund password and anything of a login password', () => {
    expect(cleanSecret('fund', '12a34 5678')).toBe('123456');
    expect(cleanSecret('password', 'a b')).toBe('a b');
  });
});
