import { baseOfPath } from '@nebula/protocol/api/core/route';
import { hexToBytes } from '../base64';
import type { KeySource, Signer } from '../signer';
import { createHmacSigner, type HexSigner } from './hmac';
import { readSignBlob } from './sign-blob';
import type * as SigningChunk from './signing-chunk';
import type { BootstrapCalls } from './signing-chunk';

export type { KeySource, Signer };

export interface SignerDeps {
  /** Dynamic import of the signing chunk; tests replace it to simulate a failed load. */
  loadChunk: () => Promise<typeof SigningChunk>;
  calls: BootstrapCalls;
}

export function signingMessage(path: string, uuid: string, timestamp: number): string | null {
  const base = baseOfPath(path);
  return base ? `${base}:${uuid}:${timestamp}` : null;
}

export function createSigner(deps: SignerDeps): Signer {
  let pending: Promise<HexSigner | null> | null = null;
  let keySource: KeySource = 'none';
  let currentGeneration = 0;

  async function fromBlob(uuid: string): Promise<HexSigner | null> {
    const hex = await readSignBlob(uuid).catch(() => null);
    keySource = hex ? 'blob' : 'empty';
    return hex ? createHmacSigner(hexToBytes(hex)) : null;
  }

  async function load(uuid: string): Promise<HexSigner | null> {
    try {
      const chunk = await deps.loadChunk();
      const hex = await chunk.obtainDeviceKey(deps.calls, uuid);
      const signer = await createHmacSigner(hexToBytes(hex));
      keySource = 'chunk';
      return signer;
    } catch {
      // Chunk blocked or bootstrap unreachable: the sealed copy from an earlier visit still works.
      return fromBlob(uuid);
    }
  }

  function ensure(uuid: string): Promise<HexSigner | null> {
    pending ??= load(uuid);
    return pending;
  }

  return {
    async sign(path, uuid, timestamp) {
      const message = signingMessage(path, uuid, timestamp);
      if (!message) return '';
      const hmac = await ensure(uuid);
      return hmac ? hmac(message) : '';
    },
    warmUp(uuid) {
      void ensure(uuid);
    },
    invalidate(generation) {
      if (generation !== undefined && generation !== currentGeneration) return;
      pending = null;
      keySource = 'none';
      currentGeneration += 1;
    },
    generation: () => currentGeneration,
    source: () => keySource,
  };
}
