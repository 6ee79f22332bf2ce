import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_WINDOW_MS, type ApiBase } from '@nebula/protocol';
import { setBounded } from './bounded-map';
import { PrefixedHmac } from './prefixed-hmac';

/**
 * Device signing key (contract §2): the 32 bytes of HMAC-SHA256 keyed by SIGN_KEY over the
 * device id. The server derives it from the id, so it stores nothing per device.
 */
export function deviceSigningKey(signKey: string, deviceId: string): Buffer {
  return createHmac('sha256', Buffer.from(signKey, 'utf8')).update(deviceId, 'utf8').digest();
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

/** A device's signing key, and its HMAC after `base:deviceId:` for each base it has signed. */
interface DeviceMacs {
  key: Buffer;
  prefixes: Partial<Record<ApiBase, PrefixedHmac>>;
}

const TIMESTAMP = /^\d{1,16}$/;
const SIGN = /^[0-9a-f]{64}$/;
const KEY_CACHE_MAX = 10000;

/**
 * Checks the request signature of contract §2: `X-Sign` is hex HMAC-SHA256, keyed by the
 * device signing key, over `base:deviceId:timestamp`. It is on every signed call, so it is
 * built to do little per call: a recently seen device keeps its key and, per base, the HMAC's
 * work that depends on the key and the `base:deviceId:` prefix alone (PrefixedHmac), so a call
 * hashes only the timestamp's digits and the outer block — no key set-up, no message string, no
 * hex string; the expected tag and the caller's tag go into buffers made once and are compared
 * in constant time.
 */
export class SignatureVerifier {
  readonly #signKey: string;
  readonly #devices = new Map<string, DeviceMacs>();
  readonly #expected = Buffer.alloc(32);
  readonly #given = Buffer.alloc(32);

  constructor(signKey: string) {
    this.#signKey = signKey;
  }

  verify(
    base: ApiBase,
    deviceId: string,
    sign: string | undefined,
    timestamp: string | undefined,
    now: number,
  ): SignatureCheck {
    if (!sign || !timestamp) return 'missing';
    if (!TIMESTAMP.test(timestamp)) return 'bad';
    if (Math.abs(Number(timestamp) - now) > SIGNATURE_WINDOW_MS) return 'stale';
    if (!SIGN.test(sign)) return 'bad';
    // The pattern above admits ASCII digits only, as digestInto requires.
    this.#prefix(base, deviceId).digestInto(timestamp, this.#expected);
    this.#given.write(sign, 'hex');
    return timingSafeEqual(this.#expected, this.#given) ? 'ok' : 'bad';
  }

  #prefix(base: ApiBase, deviceId: string): PrefixedHmac {
    let device = this.#devices.get(deviceId);
    if (!device) {
      device = { key: deviceSigningKey(this.#signKey, deviceId), prefixes: {} };
      setBounded(this.#devices, deviceId, device, KEY_CACHE_MAX);
    }
    let prefix = device.prefixes[base];
    if (!prefix) {
      prefix = new PrefixedHmac(device.key, Buffer.from(`${base}:${deviceId}:`, 'utf8'));
      device.prefixes[base] = prefix;
    }
    return prefix;
  }
}

const verifiers = new Map<string, SignatureVerifier>();

/** verify() of the SIGN_KEY's verifier (one per key, kept). */
export function verifySignature(opts: {
  signKey: string;
  base: ApiBase;
  deviceId: string;
  sign: string | undefined;
  timestamp: string | undefined;
  now: number;
}): SignatureCheck {
  let verifier = verifiers.get(opts.signKey);
  if (!verifier) {
    verifier = new SignatureVerifier(opts.signKey);
    setBounded(verifiers, opts.signKey, verifier, 16);
  }
  return verifier.verify(opts.base, opts.deviceId, opts.sign, opts.timestamp, opts.now);
}
