import { describe, expect, it } from 'vitest';
import { REFERRAL_CODE_TTL_MS } from '../constants/constants';
import {
  REFERRAL_CODE_NAMES,
  createStoredReferralCode,
  isReferralCodeName,
  isReferralCodeValid,
  parseStoredReferralCode,
  readReferralCode,
} from './referral';

const HOUR = 3600 * 1000;
const T0 = Date.UTC(2025, 0, 1);

describe('referral codes', () => {
  it('knows the four contract §8.2 names', () => {
    expect([...REFERRAL_CODE_NAMES].sort()).toEqual(['i_code', 'invite_code', 'r_bet', 'r_code']);
    expect(isReferralCodeName('invite_code')).toBe(true);
    expect(isReferralCodeName('growCode')).toBe(false);
    expect(isReferralCodeName('toString')).toBe(false);
  });

  it.each([
    ['invite_code', 0, true],
    ['invite_code', 24 * HOUR - 1, true],
    ['invite_code', 24 * HOUR, false],
    ['i_code', 12 * HOUR - 1, true],
    ['i_code', 12 * HOUR, false],
    ['r_code', 12 * HOUR, false],
    ['r_bet', 11 * HOUR, true],
    ['r_bet', 13 * HOUR, false],
    ['i_code', -1, false], // stored in the future
  ] as const)('%s aged %i ms: valid %s', (name, age, valid) => {
    expect(isReferralCodeValid(name, T0, T0 + age)).toBe(valid);
    const stored = createStoredReferralCode('ABC123', T0);
    expect(readReferralCode(name, stored, T0 + age)).toBe(valid ? 'ABC123' : null);
  });

  it('lifetimes come from the constants', () => {
    for (const name of REFERRAL_CODE_NAMES) {
      const ttl = REFERRAL_CODE_TTL_MS[name];
      expect(isReferralCodeValid(name, T0, T0 + ttl - 1)).toBe(true);
      expect(isReferralCodeValid(name, T0, T0 + ttl)).toBe(false);
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses a storedAt of %s', (storedAt) => {
    expect(isReferralCodeValid('i_code', storedAt, T0)).toBe(false);
  });

  it.each([
    [null],
    [undefined],
    ['ABC'],
    [42],
    [{}],
    [{ value: 'ABC' }],
    [{ storedAt: T0 }],
    [{ value: 7, storedAt: T0 }],
    [{ value: 'ABC', storedAt: String(T0) }],
    [{ value: '', storedAt: T0 }],
  ])('a corrupt or empty entry reads as absent: %j', (stored) => {
    expect(readReferralCode('invite_code', stored, T0)).toBeNull();
  });

  it('a stored entry survives JSON (the storage format)', () => {
    const text = JSON.stringify(createStoredReferralCode('XYZ', T0));
    expect(parseStoredReferralCode(text)).toEqual({ value: 'XYZ', storedAt: T0 });
    expect(readReferralCode('r_code', parseStoredReferralCode(text), T0 + HOUR)).toBe('XYZ');
  });

  it.each([[null], [''], ['{'], ['null'], ['"x"'], ['{"value":"x"}']])(
    'parseStoredReferralCode(%j) is null',
    (text) => {
      expect(parseStoredReferralCode(text)).toBeNull();
    },
  );

  it('parseStoredReferralCode keeps only the two fields', () => {
    const text = JSON.stringify({ value: 'A', storedAt: T0, extra: true });
    expect(parseStoredReferralCode(text)).toEqual({ value: 'A', storedAt: T0 });
  });
});
