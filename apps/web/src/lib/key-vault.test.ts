import { afterEach, describe, expect, it } from 'vitest';
import { getVaultKey, resetVaultKeyCache } from './key-vault';

afterEach(() => {
  resetVaultKeyCache();
});

describe('key vault', () => {
  it('makes a non-extractable AES-GCM 256 key that only encrypts and decrypts', async () => {
    const key = await getVaultKey();
    expect(key.extractable).toBe(false);
    expect(key.type).toBe('secret');
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt']);
  });

  it('never lets script read the key bytes', async () => {
    const key = await getVaultKey();
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow();
  });

  it('keeps the same key across page loads (IndexedDB), still non-extractable', async () => {
    const first = await getVaultKey();
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      first,
      new TextEncoder().encode('値'),
    );
    resetVaultKeyCache();
    const again = await getVaultKey();
    expect(again.extractable).toBe(false);
    const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, again, sealed);
    expect(new TextDecoder().decode(opened)).toBe('値');
  });
});
