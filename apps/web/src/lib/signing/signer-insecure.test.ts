import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_UUID } from '../../test/api-stubs';
import { bytesToBase64, bytesToHex, hexToBytes } from '../base64';
import { resetSecureStorage } from '../secure-storage';
import { createSigner } from './signer';

const SIGN_KEY = '0f'.repeat(32);

afterEach(() => {
  vi.unstubAllGlobals();
  resetSecureStorage();
});

describe('signer in an insecure context (no crypto.subtle)', () => {
  it('decrypts vvPretty and signs with the pure-JS fallbacks, matching WebCrypto', async () => {
    const real = globalThis.crypto;
    const k = real.getRandomValues(new Uint8Array(32));
    const v = real.getRandomValues(new Uint8Array(12));
    const aes = await real.subtle.importKey('raw', k, 'AES-GCM', false, ['encrypt']);
    const plain = JSON.stringify({ signKey: SIGN_KEY, wsUrl: '', csUrl: '', venueOrigins: {} });
    const sealed = new Uint8Array(
      await real.subtle.encrypt({ name: 'AES-GCM', iv: v }, aes, new TextEncoder().encode(plain)),
    );
    const hmacKey = await real.subtle.importKey(
      'raw',
      hexToBytes(SIGN_KEY),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const expected = bytesToHex(
      new Uint8Array(
        await real.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(`act:${TEST_UUID}:7`)),
      ),
    );

    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(a: T) => real.getRandomValues(a),
    });
    resetSecureStorage();
    const signer = createSigner({
      loadChunk: () => import('./signing-chunk'),
      calls: {
        vvPretty: () => Promise.resolve({ id: 'abcdefgh', payload: bytesToBase64(sealed) }),
        sec: () => Promise.resolve({ k: bytesToBase64(k), v: bytesToBase64(v) }),
      },
    });
    expect(await signer.sign('/act/api/v1/x', TEST_UUID, 7)).toBe(expected);
    // No vault without WebCrypto: the blob stays in memory, never in localStorage.
    expect(localStorage.getItem('signBlob')).toBeNull();
  });
});
