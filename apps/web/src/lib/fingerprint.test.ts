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

  it('is stable for the same inputs and changes with them', async () => {
    expect(await getFingerprint(env())).toBe(await getFingerprint(env()));
    expect(await getFingerprint(env())).not.toBe(await getFingerprint(env({}, '198.51.100.1')));
    expect(await getFingerprint(env())).not.toBe(
      await getFingerprint(env({ platform: 'MacIntel' })),
    );
  });

  it('includes the stored pre-info ip by default', async () => {
    localStorage.setItem('preInfo', JSON.stringify({ ip: '192.0.2.7' }));
    const parts = await collectFingerprintParts({ ...env(), ip: '192.0.2.7' });
    expect(parts.at(-1)).toBe('192.0.2.7');
    expect(await getFingerprint({ win: env().win, nav: env().nav })).toBe(
      await getFingerprint(env({}, '192.0.2.7')),
    );
  });

  it('uses canvas/fonts/webgl on phones and survives their absence', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const phone = env({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile',
    });
    // No canvas context: each trait is empty but the hash is still produced.
    expect(await getFingerprint(phone)).toMatch(/^[0-9a-f]{8}$/);
    expect(await collectFingerprintParts(phone)).toHaveLength(10);
  });

  it('returns an empty string on any failure', async () => {
    const broken = { ...env(), win: {} as Window };
    expect(await getFingerprint(broken)).toBe('');
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => {
      throw new Error('blocked by privacy settings');
    });
    expect(await getFingerprint(env({ userAgent: 'Android Mobile' }))).toBe('');
  });

  describe('off the page thread', () => {
    const phone = () => env({ userAgent: 'Android Mobile' });
    /** A stand-in for the browser's worker: answers its one message with `answer` ('error': fails, 'silent': never). */
    function stubWorker(answer: unknown) {
      const made: string[] = [];
      class FakeWorker {
        onmessage: ((e: { data: unknown }) => void) | null = null;
        onerror: (() => void) | null = null;
        terminated = false;
        constructor(url: URL) {
          made.push(String(url));
        }
        postMessage() {
          queueMicrotask(() => {
            if (answer === 'error') this.onerror?.();
            else if (answer !== 'silent') this.onmessage?.({ data: answer });
          });
        }
        terminate() {
          this.terminated = true;
        }
      }
      vi.stubGlobal('Worker', FakeWorker);
      vi.stubGlobal('OffscreenCanvas', class {});
      return made;
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    it("takes the worker's traits and draws nothing on the page", async () => {
      const made = stubWorker({ traits: ['c', 'f', 'g'] });
      const draw = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
      const parts = await collectFingerprintParts(phone());
      expect(made).toHaveLength(1);
      expect(made[0]).toMatch(/fingerprint\.worker/);
      expect(parts.slice(6, 9)).toEqual(['c', 'f', 'g']);
      expect(draw).not.toHaveBeenCalled();
    });

    it('is empty when a trait failed in the worker, as on the page', async () => {
      stubWorker({ failed: true });
      expect(await getFingerprint(phone())).toBe('');
    });

    it('collects on the page when the worker fails or never answers', async () => {
      const draw = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      stubWorker('error');
      expect(await collectFingerprintParts(phone())).toHaveLength(10);
      expect(draw).toHaveBeenCalled();
      draw.mockClear();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      stubWorker('silent');
      const parts = collectFingerprintParts(phone());
      await vi.advanceTimersByTimeAsync(5000);
      expect(await parts).toHaveLength(10);
      expect(draw).toHaveBeenCalled();
    });
  });
});
