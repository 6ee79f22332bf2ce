import { ErrorCode } from '@nebula/protocol';
import {
  MERCHANT_HEADERS,
  MERCHANT_SIGNATURE_WINDOW_MS,
  NONCE_PATTERN,
  isFreshTimestamp,
} from '@nebula/protocol/venue/merchant';
import type { Db } from '@nebula/db';
import { VenueError } from '../../infra/venue-error';
import { signMerchant, signatureMatches } from './merchant-signing.service';
import { forgetNonces, useNonce } from './nonce.repository';

export interface SignedCall {
  method: string;
  pathWithQuery: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

const header = (h: SignedCall['headers'], name: string): string =>
  typeof h[name] === 'string' ? h[name] : '';

/**
 * Who is calling, proven: a known merchant (8003), a timestamp inside the window (8001), a
 * signature over the call made with that merchant's secret (8000, compared in constant time)
 * and a nonce never seen (8002). The nonce is recorded only once the signature holds, so a
 * stranger cannot burn a merchant's nonces.
 */
export class MerchantAuth {
  #calls = 0;

  constructor(
    private readonly db: Db,
    private readonly merchants: ReadonlyMap<string, string>,
    private readonly now: () => number,
  ) {}

  async verify(call: SignedCall): Promise<{ merchant: string; secret: string }> {
    const merchant = header(call.headers, MERCHANT_HEADERS.merchant);
    const secret = this.merchants.get(merchant);
    if (!secret) throw new VenueError(ErrorCode.VenueMerchantUnknown);
    const timestamp = header(call.headers, MERCHANT_HEADERS.timestamp);
    const nonce = header(call.headers, MERCHANT_HEADERS.nonce);
    const signature = header(call.headers, MERCHANT_HEADERS.signature);
    const now = this.now();
    if (!isFreshTimestamp(timestamp, now)) throw new VenueError(ErrorCode.VenueRequestStale);
    if (!NONCE_PATTERN.test(nonce)) throw new VenueError(ErrorCode.VenueSignatureInvalid);
    const expected = signMerchant(secret, {
      method: call.method,
      pathWithQuery: call.pathWithQuery,
      timestamp,
      nonce,
      body: call.rawBody,
    });
    if (!signatureMatches(expected, signature)) {
      throw new VenueError(ErrorCode.VenueSignatureInvalid);
    }
    if (!(await useNonce(this.db, merchant, nonce, now))) {
      throw new VenueError(ErrorCode.VenueNonceReused);
    }
    // Now and then, nonces past twice the window are dropped (their timestamps are refused).
    this.#calls += 1;
    if (this.#calls % 1000 === 0)
      await forgetNonces(this.db, now - 2 * MERCHANT_SIGNATURE_WINDOW_MS);
    return { merchant, secret };
  }
}
