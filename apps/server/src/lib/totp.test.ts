import { describe, expect, it } from 'vitest';
import { SecretBox, base32Decode, base32Encode, hotp, matchTotp, otpauthUri, stepAt } from './totp';

// RFC 6238 appendix B: the SHA-1 secret is ASCII "12345678901234567890".
const RFC_SECRET = Buffer.from('12345678901234567890');

describe('totp', () => {
  // RFC 6238 appendix B, SHA-1 column, the full eight digits (T in seconds).
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('is RFC 6238 exactly at T=%i (8 digits)', (seconds, code) => {
    expect(hotp(RFC_SECRET, stepAt(seconds * 1000), 8)).toBe(code);
  });

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches RFC 6238 at T=%i', (seconds, code) => {
    expect(hotp(RFC_SECRET, stepAt(seconds * 1000))).toBe(code);
    expect(matchTotp(RFC_SECRET, code, seconds * 1000)).toBe(stepAt(seconds * 1000));
  });

  it('takes one step of drift either side, no more', () => {
    const now = 1_700_000_000_000;
    const code = hotp(RFC_SECRET, stepAt(now) - 1);
    expect(matchTotp(RFC_SECRET, code, now)).toBe(stepAt(now) - 1);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, stepAt(now) - 2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('base32 round-trips and the URI carries what an authenticator needs', () => {
    expect(base32Encode(Buffer.from('12345678901234567890'))).toBe(
      'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
    );
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString()).toBe(
      '12345678901234567890',
    );
    const uri = otpauthUri('Nebula', 'ops', RFC_SECRET);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Nebula%3Aops\?secret=GEZDGNBV/);
    expect(uri).toContain('issuer=Nebula');
  });

  it('seals secrets so another key cannot open them', () => {
    const box = new SecretBox('s'.repeat(32), 'totp');
    const sealed = box.seal(RFC_SECRET);
    expect(box.open(sealed).equals(RFC_SECRET)).toBe(true);
    expect(() => new SecretBox('t'.repeat(32), 'totp').open(sealed)).toThrow();
  });
});
