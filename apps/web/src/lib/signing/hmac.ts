import { bytesToHex } from '../base64';

export type HexSigner = (message: string) => Promise<string>;

/**
 * HMAC-SHA256 → lower-case hex with the device key. WebCrypto imports the key non-extractable;
 * an insecure context has no `crypto.subtle`, so the pure-JS HMAC is loaded there only.
 */
export async function createHmacSigner(key: Uint8Array<ArrayBuffer>): Promise<HexSigner> {
  const encoder = new TextEncoder();
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const cryptoKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    return async (message) =>
      bytesToHex(new Uint8Array(await subtle.sign('HMAC', cryptoKey, encoder.encode(message))));
  }
  const [{ hmac }, { sha256 }] = await Promise.all([
    import('@noble/hashes/hmac.js'),
    import('@noble/hashes/sha2.js'),
  ]);
  return (message) => Promise.resolve(bytesToHex(hmac(sha256, key, encoder.encode(message))));
}
