import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateUuidV4, getDeviceId, isUuidV4, resetDeviceIdCache } from './device';
import { getCookie, local, removeCookie } from './storage';

afterEach(() => {
  resetDeviceIdCache();
});

describe('device id', () => {
  it('generates a v4 uuid once and keeps it in cookie and localStorage', () => {
    const id = getDeviceId();
    expect(isUuidV4(id)).toBe(true);
    expect(getCookie('X-API-UUID')).toBe(id);
    expect(local.get('X-API-UUID')).toBe(id);
    resetDeviceIdCache();
    expect(getDeviceId()).toBe(id);
  });

  it('survives either copy being cleared (a new visit reads the other)', () => {
    const id = getDeviceId();
    resetDeviceIdCache();
    removeCookie('X-API-UUID');
    expect(getDeviceId()).toBe(id);
    expect(getCookie('X-API-UUID')).toBe(id);
    resetDeviceIdCache();
    local.remove('X-API-UUID');
    expect(getDeviceId()).toBe(id);
    expect(local.get('X-API-UUID')).toBe(id);
  });

  it('replaces a malformed stored id', () => {
    local.set('X-API-UUID', 'not-a-uuid');
    expect(isUuidV4(getDeviceId())).toBe(true);
  });

  it('falls back to getRandomValues when randomUUID is missing (insecure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(a: T) => real.getRandomValues(a),
    });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => generateUuidV4()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(isUuidV4(id)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
