import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetVaultKeyCache } from './key-vault';
import {
  getSecureItem,
  getSecureStorageMode,
  removeSecureItem,
  resetSecureStorage,
  setSecureItem,
} from './secure-storage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetVaultKeyCache();
  resetSecureStorage();
});

describe('secure storage', () => {
  it('round-trips a secret and stores only ciphertext', async () => {
    expect(getSecureStorageMode()).toBe('encrypted');
    await setSecureItem('secret', 'top-secret-值');
    const stored = localStorage.getItem('secret');
    expect(stored).toBeTruthy();
    expect(stored).not.toContain('top-secret');
    expect(atob(stored!).length).toBeGreaterThanOrEqual(12 + 16);
    expect(await getSecureItem('secret')).toBe('top-secret-值');
  });

  it('uses a fresh IV per write', async () => {
    await setSecureItem('a', 'same');
    const first = localStorage.getItem('a');
    await setSecureItem('a', 'same');
    expect(localStorage.getItem('a')).not.toBe(first);
    expect(await getSecureItem('a')).toBe('same');
  });

  it('keeps the key in IndexedDB: a fresh page (cleared cache) still decrypts', async () => {
    await setSecureItem('persist', 'v1');
    resetVaultKeyCache();
    expect(await getSecureItem('persist')).toBe('v1');
  });

  it('drops a blob that cannot be decrypted', async () => {
    localStorage.setItem('bad', btoa('x'.repeat(40)));
    expect(await getSecureItem('bad')).toBeNull();
    expect(localStorage.getItem('bad')).toBeNull();
  });

  it('removes items', async () => {
    await setSecureItem('gone', 'v');
    removeSecureItem('gone');
    expect(await getSecureItem('gone')).toBeNull();
  });

  it('keeps secrets in memory only without WebCrypto (insecure context)', async () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(a: T) => real.getRandomValues(a),
    });
    resetSecureStorage();
    expect(getSecureStorageMode()).toBe('memory');
    await setSecureItem('mem', 'only-here');
    expect(localStorage.getItem('mem')).toBeNull();
    expect(await getSecureItem('mem')).toBe('only-here');
  });
});
