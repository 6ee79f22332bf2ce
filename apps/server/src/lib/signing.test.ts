import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignatureVerifier, deviceSigningKey, signRequest, verifySignature } from './signing';

const signKey = 'k'.repeat(40);
const deviceId = 'a1b2c3d4-0000-4000-8000-000000000000';

describe('device signing key', () => {
  it('is HMAC-SHA256(SIGN_KEY, device id)', () => {
    const expected = createHmac('sha256', signKey).update(deviceId).digest('hex');
    expect(deviceSigningKey(signKey, deviceId).toString('hex')).toBe(expected);
  });
  it('differs per device', () => {
    expect(
      deviceSigningKey(signKey, 'device-one-x').equals(deviceSigningKey(signKey, 'device-two-x')),
    ).toBe(false);
  });
});

describe('verifySignature', () => {
  const now = 1_800_000_000_000;
  const key = deviceSigningKey(signKey, deviceId);
  const ts = String(now);
  const sign = signRequest(key, 'site', deviceId, ts);
  const base = { signKey, base: 'site' as const, deviceId, now };

  it('accepts the signature of base:uuid:timestamp', () => {
    expect(sign).toBe(createHmac('sha256', key).update(`site:${deviceId}:${ts}`).digest('hex'));
    expect(verifySignature({ ...base, sign, timestamp: ts })).toBe('ok');
  });
  it.each([
    ['missing sign', { sign: undefined, timestamp: ts }, 'missing'],
    ['missing timestamp', { sign, timestamp: undefined }, 'missing'],
    ['not a number', { sign, timestamp: '12a' }, 'bad'],
    ['upper-case hex', { sign: sign.toUpperCase(), timestamp: ts }, 'bad'],
    ['other base', { sign: signRequest(key, 'fd', deviceId, ts), timestamp: ts }, 'bad'],
    [
      '5 min + 1 ms late',
      {
        sign: signRequest(key, 'site', deviceId, String(now - 300001)),
        timestamp: String(now - 300001),
      },
      'stale',
    ],
    [
      '5 min + 1 ms early',
      {
        sign: signRequest(key, 'site', deviceId, String(now + 300001)),
        timestamp: String(now + 300001),
      },
      'stale',
    ],
  ])('%s → %s', (_name, input, expected) => {
    expect(verifySignature({ ...base, ...input })).toBe(expected);
  });
  it('accepts exactly 5 minutes off', () => {
    const edge = String(now - 300000);
    expect(
      verifySignature({ ...base, sign: signRequest(key, 'site', deviceId, edge), timestamp: edge }),
    ).toBe('ok');
  });
  it('refuses another device key', () => {
    const other = signRequest(deviceSigningKey(signKey, 'other-device'), 'site', deviceId, ts);
    expect(verifySignature({ ...base, sign: other, timestamp: ts })).toBe('bad');
  });
});

describe('SignatureVerifier', () => {
  const now = 1_800_000_000_000;
  const verifier = new SignatureVerifier(signKey);
  const key = deviceSigningKey(signKey, deviceId);

  it('agrees with HMAC over base:uuid:timestamp for every timestamp length and base', () => {
    for (const ts of ['0', '7', '1799999999', String(now), String(now + 299_999)]) {
      for (const b of ['site', 'act', 'fd'] as const) {
        const t = Number(ts);
        const at = Math.abs(t - now) <= 300_000 ? now : t;
        const sign = createHmac('sha256', key).update(`${b}:${deviceId}:${ts}`).digest('hex');
        expect(verifier.verify(b, deviceId, sign, ts, at)).toBe('ok');
        // One bit off in the tag, another base, or another device: refused.
        const flipped = (sign[0] === '0' ? '1' : '0') + sign.slice(1);
        expect(verifier.verify(b, deviceId, flipped, ts, at)).toBe('bad');
        expect(verifier.verify(b === 'site' ? 'fd' : 'site', deviceId, sign, ts, at)).toBe('bad');
        expect(verifier.verify(b, 'b2c3d4e5-0000-4000-8000-000000000000', sign, ts, at)).toBe(
          'bad',
        );
      }
    }
  });
  it('keeps no state from one call to the next', () => {
    const ts = String(now);
    const good = createHmac('sha256', key).update(`site:${deviceId}:${ts}`).digest('hex');
    const longer = String(now) + '0';
    // A refused call (other length, bad tag) in between does not change the next verdict.
    expect(verifier.verify('site', deviceId, good, longer, Number(longer))).toBe('bad');
    expect(verifier.verify('site', deviceId, good, ts, now)).toBe('ok');
    expect(verifier.verify('site', deviceId, good, ts, now)).toBe('ok');
  });
  it('keeps the order of refusals: missing, bad timestamp, stale, bad tag', () => {
    const ts = String(now);
    const good = createHmac('sha256', key).update(`site:${deviceId}:${ts}`).digest('hex');
    expect(verifier.verify('site', deviceId, '', ts, now)).toBe('missing');
    expect(verifier.verify('site', deviceId, good, '', now)).toBe('missing');
    expect(verifier.verify('site', deviceId, 'zz', '1.5', now)).toBe('bad');
    expect(verifier.verify('site', deviceId, 'zz', String(now - 300_001), now)).toBe('stale');
    expect(verifier.verify('site', deviceId, good.slice(1), ts, now)).toBe('bad');
    expect(verifier.verify('site', deviceId, `${good}0`, ts, now)).toBe('bad');
  });
  it('takes the tag as exactly 64 lowercase hex digits, refusing any other character anywhere', () => {
    const ts = String(now);
    const good = createHmac('sha256', key).update(`site:${deviceId}:${ts}`).digest('hex');
    expect(good).toMatch(/[a-f]/);
    // The same bytes in uppercase were refused before the tag was decoded by hand: still so.
    expect(verifier.verify('site', deviceId, good.toUpperCase(), ts, now)).toBe('bad');
    // 'g' and ':' border the digit ranges; U+00B0 and U+0130 end in a digit's low bits.
    for (const wrong of ['g', 'G', ':', '/', '`', ' ', '\u00b0', '\u0130', '\u{1f600}']) {
      for (let at = 0; at < 64; at += 1) {
        const tag = good.slice(0, at) + wrong + good.slice(at + 1);
        expect(verifier.verify('site', deviceId, tag, ts, now)).toBe('bad');
      }
    }
    // A refused tag leaves nothing behind: the next good call passes.
    expect(verifier.verify('site', deviceId, good, ts, now)).toBe('ok');
  });
});
