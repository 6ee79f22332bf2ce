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
const KEY_CACHE_MAX = 10000;
/** The value of each lowercase hex digit by its char code; -1 for anything else. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i += 1) HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;

/**
 * Decodes a tag of exactly 64 lowercase hex digits into `out` (32 bytes); false for anything
 * else. One pass, where a pattern test and then `Buffer.write(…, 'hex')` read the tag twice:
 * this runs on every signed call (docs/benchmarks.md, "## api").
 */
function decodeTag(tag: string, out: Buffer): boolean {
  if (tag.length !== 64) return false;
  for (let i = 0; i < 32; i += 1) {
    const hi = tag.charCodeAt(2 * i);
    const lo = tag.charCodeAt(2 * i + 1);
    const h = hi < 128 ? HEX_VALUE[hi]! : -1;
    const l = lo < 128 ? HEX_VALUE[lo]! : -1;
    if ((h | l) < 0) return false;
    out[i] = (h << 4) | l;
  }
  return true;
}

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
    if (!decodeTag(sign, this.#given)) return 'bad';
    // TIMESTAMP admits ASCII digits only, as digestInto requires.
    this.#prefix(base, deviceId).digestInto(timestamp, this.#expected);
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
