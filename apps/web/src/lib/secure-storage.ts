import { base64ToBytes, bytesToBase64 } from './base64';
import { getVaultKey } from './key-vault';
import { local } from './storage';

/**
 * Secrets at rest (contract §8): AES-GCM with the vault key, a fresh 12-byte IV per write, stored
 * in localStorage as base64 of IV ‖ ciphertext ‖ tag. Without WebCrypto or IndexedDB (insecure
 * context, locked-down WebView) secrets live in memory only and `mode` says so for the UI.
 */

export type SecureStorageMode = 'encrypted' | 'memory';

const IV_BYTES = 12;
const memory = new Map<string, string>();
const listeners = new Set<() => void>();

function canEncrypt(): boolean {
  return (
    typeof globalThis.crypto?.subtle?.encrypt === 'function' &&
    typeof globalThis.indexedDB?.open === 'function'
  );
}

let mode: SecureStorageMode = canEncrypt() ? 'encrypted' : 'memory';

function fallBackToMemory(): void {
  if (mode === 'memory') return;
  mode = 'memory';
  for (const listener of listeners) listener();
}

export function getSecureStorageMode(): SecureStorageMode {
  return mode;
}

export function subscribeSecureStorageMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function encrypt(plain: string): Promise<string> {
  const key = await getVaultKey();
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(plain),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return bytesToBase64(out);
}

async function decrypt(key: CryptoKey, stored: string): Promise<string> {
  const bytes = base64ToBytes(stored);
  const iv = bytes.slice(0, IV_BYTES);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, bytes.slice(IV_BYTES));
  return new TextDecoder().decode(plain);
}

export async function setSecureItem(name: string, value: string): Promise<void> {
  if (mode === 'encrypted') {
    try {
      local.set(name, await encrypt(value));
      return;
    } catch {
      // No usable vault (IndexedDB refused): keep the secret for this page only.
      fallBackToMemory();
    }
  }
  memory.set(name, value);
}

/** The decrypted value, or null when absent or unreadable (e.g. the vault key was cleared). */
export async function getSecureItem(name: string): Promise<string | null> {
  if (memory.has(name)) return memory.get(name) ?? null;
  if (mode !== 'encrypted') return null;
  const stored = local.get(name);
  if (stored === null) return null;
  let key: CryptoKey;
  try {
    key = await getVaultKey();
  } catch {
    fallBackToMemory();
    return null;
  }
  try {
    return await decrypt(key, stored);
  } catch {
    // A blob sealed with a lost key can never be read again: drop it.
    local.remove(name);
    return null;
  }
}

/**
 * Seals a value with this device's vault key for storage elsewhere (the json-cache): base64 of
 * IV ‖ ciphertext ‖ tag, opaque to whoever holds it. Null without a usable vault.
 */
export async function sealWithVault(plain: string): Promise<string | null> {
  if (mode !== 'encrypted') return null;
  try {
    return await encrypt(plain);
  } catch {
    return null;
  }
}

/** Opens what `sealWithVault` sealed on this device; null for anything else. */
export async function openWithVault(sealed: string): Promise<string | null> {
  if (mode !== 'encrypted') return null;
  try {
    return await decrypt(await getVaultKey(), sealed);
  } catch {
    return null;
  }
}

export function removeSecureItem(name: string): void {
  memory.delete(name);
  local.remove(name);
}

/** Tests only: re-detect the environment and forget in-memory secrets. */
export function resetSecureStorage(): void {
  memory.clear();
  mode = canEncrypt() ? 'encrypted' : 'memory';
}
