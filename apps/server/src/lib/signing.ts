import { createHmac, timingSafeEqual } from 'node:crypto';
import { hmac, type _HMAC } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { SIGNATURE_WINDOW_MS, type ApiBase } from '@nebula/protocol';
import { setBounded } from './bounded-map';

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

type Mac = _HMAC<ReturnType<typeof sha256.create>>;

/** A device's MAC after its key, and after `base:deviceId:` for each base it has signed. */
interface DeviceMacs {
  key: Mac;
  prefixes: Partial<Record<ApiBase, Mac>>;
}

const TIMESTAMP = /^\d{1,16}$/;
const SIGN = /^[0-9a-f]{64}$/;
const KEY_CACHE_MAX = 10000;

/**
 * Checks the request signature of contract §2: `X-Sign` is hex HMAC-SHA256, keyed by the
 * device signing key, over `base:deviceId:timestamp`. It is on every signed call, so it is
 * built to do little per call: a recently seen device's MAC state after its key and after the
 * `base:deviceId:` prefix is kept (HMAC's inner and outer pads, the same trick HMAC's own
 * definition allows), so a call absorbs only the timestamp's digits and finishes two SHA-256
 * blocks — no key set-up, no message string, no hex string; the digits, the expected tag and
 * the caller's tag go into buffers made once. The tags are compared in constant time.
 */
export class SignatureVerifier {
  readonly #signKey: string;
  readonly #devices = new Map<string, DeviceMacs>();
  /** Working MAC, tags and one digit buffer per timestamp length (update reads whole arrays). */
  #work: Mac | null = null;
  readonly #expected = Buffer.alloc(32);
  readonly #given = Buffer.alloc(32);
  readonly #digits = Array.from({ length: 17 }, (_, n) => new Uint8Array(n));

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
    const prefix = this.#prefix(base, deviceId);
    const work = (this.#work = prefix._cloneInto(this.#work ?? undefined));
    // The pattern above admits ASCII digits only: one byte each.
    const digits = this.#digits[timestamp.length]!;
    for (let i = 0; i < digits.length; i += 1) digits[i] = timestamp.charCodeAt(i);
    work.update(digits);
    work.digestInto(this.#expected);
    this.#given.write(sign, 'hex');
    return timingSafeEqual(this.#expected, this.#given) ? 'ok' : 'bad';
  }

  #prefix(base: ApiBase, deviceId: string): Mac {
    let device = this.#devices.get(deviceId);
    if (!device) {
      device = {
        key: hmac.create(sha256, deviceSigningKey(this.#signKey, deviceId)) as Mac,
        prefixes: {},
      };
      setBounded(this.#devices, deviceId, device, KEY_CACHE_MAX);
    }
    let prefix = device.prefixes[base];
    if (!prefix) {
      prefix = device.key.clone().update(Buffer.from(`${base}:${deviceId}:`, 'utf8'));
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
