import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { merchantCanonical } from '@nebula/protocol/venue/merchant';

export function sha256Hex(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

/** The signature of one call or answer (contract §6): HMAC-SHA256 of the canonical string. */
export function signMerchant(
  secret: string,
  parts: { method: string; pathWithQuery: string; timestamp: string; nonce: string; body: string },
): string {
  const canonical = merchantCanonical({ ...parts, bodySha256Hex: sha256Hex(parts.body) });
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

/** Compared in constant time; a malformed signature is simply unequal. */
export function signatureMatches(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}
