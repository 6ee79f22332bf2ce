import { Header } from '@nebula/protocol/constants/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeClient, stubFetch, TEST_UUID } from '../../test/api-stubs';
import { bytesToBase64, bytesToHex, hexToBytes } from '../base64';
import { resetVaultKeyCache } from '../key-vault';
import { resetSecureStorage } from '../secure-storage';
import { useDeviceConfig } from './device-config.store';
import { readSignBlob, storeSignBlob } from './sign-blob';
import { createSigner, signingMessage } from './signer';

const SIGN_KEY = 'ab'.repeat(32);

async function expectedSign(message: string, keyHex = SIGN_KEY): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(keyHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return bytesToHex(
    new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))),
  );
}

/** What the server does for vvPretty/sec: seal the device config with a one-time AES key. */
async function sealedBootstrap() {
  const k = crypto.getRandomValues(new Uint8Array(32));
  const v = crypto.getRandomValues(new Uint8Array(12));
  const plain = {
    signKey: SIGN_KEY,
    wsUrl: 'ws://x/stream/ws',
    csUrl: 'https://cs',
    venueOrigins: { IMTY: 'http://v' },
  };
  const key = await crypto.subtle.importKey('raw', k, 'AES-GCM', false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: v },
    key,
    new TextEncoder().encode(JSON.stringify(plain)),
  );
  return {
    vvPretty: () =>
      Promise.resolve({ id: 'abcdefgh12', payload: bytesToBase64(new Uint8Array(sealed)) }),
    sec: (id: string) => {
      expect(id).toBe('abcdefgh12');
      return Promise.resolve({ k: bytesToBase64(k), v: bytesToBase64(v) });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetVaultKeyCache();
  resetSecureStorage();
});

describe('signing message', () => {
  it('uses the API base of the path', () => {
    expect(signingMessage('/act/api/v1/x', 'u', 5)).toBe('act:u:5');
    expect(signingMessage('/api/json-cache/k', 'u', 5)).toBe('site:u:5');
    expect(signingMessage('/elsewhere', 'u', 5)).toBeNull();
  });
});

describe('signer', () => {
  it('obtains the key through the signing chunk, signs, keeps the config and seals the blob', async () => {
    const signer = createSigner({
      loadChunk: () => import('./signing-chunk'),
      calls: await sealedBootstrap(),
    });
    const sign = await signer.sign('/site/api/v1/site/naming/list', TEST_UUID, 1700000000000);
    expect(sign).toBe(await expectedSign(`site:${TEST_UUID}:1700000000000`));
    expect(signer.source()).toBe('chunk');
    expect(useDeviceConfig.getState().config).toEqual({
      wsUrl: 'ws://x/stream/ws',
      csUrl: 'https://cs',
      venueOrigins: { IMTY: 'http://v' },
    });
    // Sealed in the background, after the key is already in use.
    await vi.waitFor(() => expect(localStorage.getItem('signBlob')).not.toBeNull());
    expect(localStorage.getItem('signBlob')).not.toContain(SIGN_KEY);
    expect(await readSignBlob(TEST_UUID)).toBe(SIGN_KEY);
    expect(await readSignBlob('another-device')).toBeNull();
  });

  it('falls back to the stored blob when the chunk fails to load', async () => {
    await storeSignBlob(TEST_UUID, SIGN_KEY);
    const signer = createSigner({
      loadChunk: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      calls: await sealedBootstrap(),
    });
    expect(await signer.sign('/game/api/v1/x', TEST_UUID, 42)).toBe(
      await expectedSign(`game:${TEST_UUID}:42`),
    );
    expect(signer.source()).toBe('blob');
  });

  it('signs with an empty string when the chunk fails and no blob exists', async () => {
    const signer = createSigner({
      loadChunk: () => Promise.reject(new Error('blocked')),
      calls: await sealedBootstrap(),
    });
    expect(await signer.sign('/site/api/v1/x', TEST_UUID, 1)).toBe('');
    expect(signer.source()).toBe('empty');
  });

  it('loads the key once for concurrent calls and again after invalidate', async () => {
    const loadChunk = vi.fn(() => import('./signing-chunk'));
    const signer = createSigner({ loadChunk, calls: await sealedBootstrap() });
    await Promise.all([
      signer.sign('/site/api/a', TEST_UUID, 1),
      signer.sign('/site/api/b', TEST_UUID, 2),
    ]);
    expect(loadChunk).toHaveBeenCalledTimes(1);
    const generation = signer.generation();
    signer.invalidate(generation);
    // A second refusal signed with the same (already dropped) key changes nothing.
    signer.invalidate(generation);
    await Promise.all([
      signer.sign('/site/api/a', TEST_UUID, 3),
      signer.sign('/site/api/b', TEST_UUID, 4),
    ]);
    expect(loadChunk).toHaveBeenCalledTimes(2);
    expect(signer.generation()).toBe(generation + 1);
  });

  it('puts the signature on the wire through the request client', async () => {
    const { calls } = stubFetch(() => envelope(6000, { list: [] }));
    const signer = createSigner({
      loadChunk: () => import('./signing-chunk'),
      calls: await sealedBootstrap(),
    });
    const { client } = makeClient({ signer });
    await client.call('namingList');
    const headers = calls[0]!.headers;
    const ts = headers.get(Header.Timestamp)!;
    expect(headers.get(Header.Sign)).toBe(await expectedSign(`site:${TEST_UUID}:${ts}`));
  });
});
