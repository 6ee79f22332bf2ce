import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  collectFingerprintParts,
  getFingerprint,
  hashParts,
  type FingerprintEnv,
} from './fingerprint';

function env(overrides: Partial<Navigator> = {}, ip = '203.0.113.9'): FingerprintEnv {
  const nav = {
    platform: 'Linux',
    maxTouchPoints: 0,
    userAgent: 'Desktop',
    ...overrides,
  } as Navigator;
  const win = {
    screen: { width: 1920, height: 1080, colorDepth: 24 },
    devicePixelRatio: 1,
  } as unknown as Window;
  return { win, nav, doc: document, ip };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fingerprint', () => {
  it('hashes with seed 31 in 32 bits', () => {
    // h = h*31 + c over "ab": 97*31 + 98 = 3105 = 0xc21
    expect(hashParts(['ab'])).toBe('00000c21');
    const long = hashParts(['x'.repeat(1000)]);
    expect(long).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is stable for the same inputs and changes with them', () => {
    expect(getFingerprint(env())).toBe(getFingerprint(env()));
    expect(getFingerprint(env())).not.toBe(getFingerprint(env({}, '198.51.100.1')));
    expect(getFingerprint(env())).not.toBe(getFingerprint(env({ platform: 'MacIntel' })));
  });

  it('includes the stored pre-info ip by default', () => {
    localStorage.setItem('preInfo', JSON.stringify({ ip: '192.0.2.7' }));
    const parts = collectFingerprintParts({ ...env(), ip: '192.0.2.7' });
    expect(parts.at(-1)).toBe('192.0.2.7');
    expect(getFingerprint({ win: env().win, nav: env().nav })).toBe(
      getFingerprint(env({}, '192.0.2.7')),
    );
  });

  it('uses canvas/fonts/webgl on phones and survives their absence', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const phone = env({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile',
    });
    // No canvas context: each trait is empty but the hash is still produced.
    expect(getFingerprint(phone)).toMatch(/^[0-9a-f]{8}$/);
    expect(collectFingerprintParts(phone)).toHaveLength(10);
  });

  it('returns an empty string on any failure', () => {
    const broken = { ...env(), win: {} as Window };
    expect(getFingerprint(broken)).toBe('');
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => {
      throw new Error('blocked by privacy settings');
    });
    expect(getFingerprint(env({ userAgent: 'Android Mobile' }))).toBe('');
  });
});
