import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests: an ES256 key pair from node:crypto, attestation
 * 'none' on registration and signed assertions after it, built byte by byte as the WebAuthn
 * spec lays them out — the honest seam for the server's passkey checks.
 */
interface CborObject {
  [key: string]: Cbor;
}
type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | CborObject;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  const entries: [number | string, Cbor][] =
    v instanceof Map ? [...v.entries()] : Object.entries(v);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, x]) => [cbor(k), cbor(x)]),
  ]);
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface CeremonyOptions {
  origin?: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  /** The signature counter: tests may set it back to play a cloned authenticator. */
  counter = 0;
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  #clientData(type: string, challenge: string, o: CeremonyOptions): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: o.origin ?? this.origin, crossOrigin: false }),
    );
  }

  #authData(flags: number, o: CeremonyOptions, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([
      sha256(o.rpId ?? this.rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  /** `navigator.credentials.create()`'s answer to registration options, as JSON. */
  register(options: { challenge: string }, o: CeremonyOptions = {}) {
    const jwk = this.#publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const authData = this.#authData(FLAG_UP | FLAG_UV | FLAG_AT, o, attested);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.#clientData('webauthn.create', options.challenge, o)),
        attestationObject: b64(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal' as const],
      },
    };
  }

  /** `navigator.credentials.get()`'s answer: the counter moves on, the data is signed. */
  assert(options: { challenge: string }, o: CeremonyOptions = {}) {
    this.counter += 1;
    const authData = this.#authData(FLAG_UP | FLAG_UV, o);
    const clientData = this.#clientData('webauthn.get', options.challenge, o);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.#privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
      },
    };
  }
}
