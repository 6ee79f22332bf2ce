import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_WINDOW_MS, type ApiBase } from '@nebula/protocol';
import { setBounded } from './bounded-map';

/**
 * Device signing key (contract §2): the 32 bytes of HMAC-SHA256 keyed by SIGN_KEY over the
 * device id. The server derives it on every request, so it stores nothing per device.
 */
export function deviceSigningKey(signKey: string, deviceId: string): Buffer {
  return createHmac('sha256', Buffer.from(signKey, 'utf8')).update(deviceId, 'utf8').digest();
}

/** Recently seen devices' keys, so a busy device costs one HMAC per request, not two. */
const keyCache = new Map<string, Buffer>();
const KEY_CACHE_MAX = 10000;

function cachedDeviceKey(signKey: string, deviceId: string): Buffer {
  const id = `${signKey}\u0000${deviceId}`;
  let key = keyCache.get(id);
  if (!key) {
    key = deviceSigningKey(signKey, deviceId);
    setBounded(keyCache, id, key, KEY_CACHE_MAX);
  }
  return key;
}

export function signRequest(
  deviceKey: Buffer,
  base: ApiBase,
  deviceId: string,
  timestamp: string,
): string {
  return createHmac('sha256', deviceKey)
    .update(`${base}:${deviceId}:${timestamp}`, 'utf8')
    .digest('hex');
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'bad';

export function verifySignature(opts: {
  signKey: string;
  base: ApiBase;
  deviceId: string;
  sign: string | undefined;
  timestamp: string | undefined;
  now: number;
}): SignatureCheck {
  const { sign, timestamp } = opts;
  if (!sign || !timestamp) return 'missing';
  if (!/^\d{1,16}$/.test(timestamp)) return 'bad';
  if (Math.abs(Number(timestamp) - opts.now) > SIGNATURE_WINDOW_MS) return 'stale';
  if (!/^[0-9a-f]{64}$/.test(sign)) return 'bad';
  const expected = signRequest(
    cachedDeviceKey(opts.signKey, opts.deviceId),
    opts.base,
    opts.deviceId,
    timestamp,
  );
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(sign, 'hex')) ? 'ok' : 'bad';
}
