import { bytesToHex } from './base64';

/**
 * The `X-User-Hash` header of member info: lower-case hex SHA-256 of the lower-cased user
 * name. WebCrypto where it exists; an insecure context has no `crypto.subtle`, so the pure-JS
 * hash is loaded there only.
 */
export async function userHash(userName: string): Promise<string> {
  const data = new TextEncoder().encode(userName.toLowerCase());
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', data)));
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return bytesToHex(sha256(data));
}
