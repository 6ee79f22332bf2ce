import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  isCommonPassword,
  passwordSchema,
  strongPasswordSchema,
  usernameSchema,
} from './validation';

describe('usernameSchema', () => {
  it.each(['abcd', 'a123', 'Player01', 'z234567890123456', 'ABCD'])('accepts %j', (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });
  it.each([
    '',
    'abc',
    'a2345678901234567',
    '1abc',
    '_abc',
    'ab_c',
    'ab c',
    'abcd ',
    'abcdé',
    '用户名字',
    'abc-d',
  ])('refuses %j', (name) => {
    const result = usernameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/用户名/);
  });
});

describe('passwordSchema', () => {
  it.each([
    'x'.repeat(PASSWORD_MIN),
    'x'.repeat(PASSWORD_MAX),
    'correct horse battery',
    '密码密码密码密码',
    '😀'.repeat(8), // 8 characters though 16 UTF-16 units
    '😀'.repeat(64),
  ])('accepts %j', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });
  it.each([
    '',
    'x'.repeat(PASSWORD_MIN - 1),
    'x'.repeat(PASSWORD_MAX + 1),
    '😀'.repeat(7),
    '😀'.repeat(65),
  ])('refuses %j', (password) => {
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/密码长度/);
  });
  it('refuses a non-string', () => {
    expect(passwordSchema.safeParse(12345678).success).toBe(false);
  });
});

describe('isCommonPassword', () => {
  it.each([
    'password',
    'PASSWORD',
    'Password123',
    '12345678',
    'qwertyuiop',
    'WoAiNi1314',
    '1qaz2wsx',
  ])('%j is common', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });
  it.each(['correct horse battery', 'Nebula#2025!x', 'password1234567', ' password'])(
    '%j is not',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
  it('the list is a couple of hundred distinct lower-case entries', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
  });
  it('strongPasswordSchema adds the check to the length rule', () => {
    expect(strongPasswordSchema.safeParse('Password1').success).toBe(false);
    expect(strongPasswordSchema.safeParse('Password1').error?.issues[0]?.message).toMatch(/常见/);
    expect(strongPasswordSchema.safeParse('short').success).toBe(false);
    expect(strongPasswordSchema.safeParse('Nebula#2025!x').success).toBe(true);
  });
});
