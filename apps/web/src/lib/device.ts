import { StorageKey } from '@nebula/protocol/constants/constants';
import { getCookie, local, setCookie } from './storage';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
// Long-lived like the localStorage copy: the cookie is the first place read and must outlive a day.
const DEVICE_COOKIE_DAYS = 365;

/** A random version-4 UUID; `crypto.randomUUID` exists only in secure contexts. */
export function generateUuidV4(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isUuidV4(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

let cached: string | null = null;

/**
 * The device id (contract §8.2): generated once, kept in the `X-API-UUID` cookie and localStorage so
 * it survives either being cleared; a session is bound to it server-side (contract §2).
 */
export function getDeviceId(): string {
  if (cached) return cached;
  const fromCookie = getCookie(StorageKey.Uuid);
  const fromStorage = local.get(StorageKey.Uuid);
  const id = isUuidV4(fromCookie)
    ? fromCookie
    : isUuidV4(fromStorage)
      ? fromStorage
      : generateUuidV4();
  if (fromCookie !== id) setCookie(StorageKey.Uuid, id, DEVICE_COOKIE_DAYS);
  if (fromStorage !== id) local.set(StorageKey.Uuid, id);
  cached = id;
  return id;
}

/** Tests only: forget the in-memory copy so the next read goes to storage again. */
export function resetDeviceIdCache(): void {
  cached = null;
}
