import { base64ToBytes } from '../base64';
import { useDeviceConfig, type DeviceConfig } from './device-config.store';
import { storeSignBlob } from './sign-blob';

/**
 * The lazily loaded signing chunk (contract §2, contract §2): fetches this device's signing key
 * inside the encrypted vvPretty payload, keeps the rest of the payload for later, and seals
 * the key at rest so the main bundle can still sign when this chunk cannot be loaded.
 */

export interface BootstrapCalls {
  vvPretty: () => Promise<{ id: string; payload: string }>;
  sec: (id: string) => Promise<{ k: string; v: string }>;
}

interface Plain extends DeviceConfig {
  signKey: string;
}

const HEX_KEY = /^[0-9a-f]{64}$/;

async function decryptGcm(
  key: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer>,
  sealed: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    // WebCrypto expects exactly this layout: ciphertext followed by the 16-byte tag, no AAD.
    const cryptoKey = await subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
    return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv }, cryptoKey, sealed));
  }
  const { gcm } = await import('@noble/ciphers/aes.js');
  return gcm(key, iv).decrypt(sealed);
}

function parsePlain(bytes: Uint8Array): Plain {
  const value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Plain>;
  if (typeof value.signKey !== 'string' || !HEX_KEY.test(value.signKey))
    throw new Error('vvPretty: bad signKey');
  return {
    signKey: value.signKey,
    wsUrl: typeof value.wsUrl === 'string' ? value.wsUrl : '',
    csUrl: typeof value.csUrl === 'string' ? value.csUrl : '',
    venueOrigins:
      value.venueOrigins && typeof value.venueOrigins === 'object' ? value.venueOrigins : {},
  };
}

/** Fetch, decrypt and keep the device signing key; resolves to it as lower-case hex. */
export async function obtainDeviceKey(calls: BootstrapCalls, uuid: string): Promise<string> {
  const { id, payload } = await calls.vvPretty();
  const { k, v } = await calls.sec(id);
  const plain = parsePlain(
    await decryptGcm(base64ToBytes(k), base64ToBytes(v), base64ToBytes(payload)),
  );
  const { signKey, ...config } = plain;
  useDeviceConfig.getState().setConfig(config);
  // Sealed in the background: the first signed calls (the home page's content) need the key
  // now, while the sealed copy only serves a later visit. Sealing may fail (no vault); signing
  // this session must not depend on it.
  void storeSignBlob(uuid, signKey).catch(() => undefined);
  return signKey;
}
