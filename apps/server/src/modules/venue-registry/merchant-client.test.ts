import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { merchantConformance } from '@nebula/protocol/venue/conformance.testkit';
import {
  MERCHANT_HEADERS,
  merchantCanonical,
  merchantPaths,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import { startFakeVenue, type FakeVenue } from '../../test/fake-venue/fake-venue';
import { MERCHANT, newSecret } from '../../test/venue-harness';
import { MerchantClient } from './merchant-client';
import { MerchantSecrets } from '../../config/merchant-secrets';

/** A raw signed call, as the conformance suite's transport needs (it checks the answers). */
function transportTo(venue: FakeVenue, secret: string) {
  const send = async (name: MerchantCall, body: unknown, key: string) => {
    const path = merchantPaths[name];
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    const nonce = randomBytes(18).toString('base64url');
    const canonical = merchantCanonical({
      method: 'POST',
      pathWithQuery: path,
      timestamp,
      nonce,
      bodySha256Hex: createHash('sha256').update(raw).digest('hex'),
    });
    const res = await fetch(`${venue.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [MERCHANT_HEADERS.merchant]: MERCHANT,
        [MERCHANT_HEADERS.timestamp]: timestamp,
        [MERCHANT_HEADERS.nonce]: nonce,
        [MERCHANT_HEADERS.signature]: createHmac('sha256', key).update(canonical).digest('hex'),
      },
      body: raw,
    });
    return (await res.json()) as { code: number; data?: unknown; message?: string };
  };
  return {
    call: (name: MerchantCall, body: unknown) => send(name, body, secret),
    forged: (name: MerchantCall, body: unknown) => send(name, body, newSecret()),
  };
}

// The platform's fake venue keeps the same contract as the house venue.
merchantConformance('the platform tests’ fake venue', async () => {
  const secret = newSecret();
  const venue = await startFakeVenue({
    merchant: MERCHANT,
    secret,
    codes: ['FAKE'],
    stateFile: '',
  });
  return { transport: transportTo(venue, secret), venueCode: 'FAKE', close: () => venue.close() };
});

describe('the merchant client', () => {
  let venue: FakeVenue;
  let secret: string;
  let client: MerchantClient;
  const target = () => ({ code: 'FAKE', apiUrl: venue.url, merchantCode: MERCHANT });
  beforeAll(async () => {
    secret = newSecret();
    venue = await startFakeVenue({ merchant: MERCHANT, secret, codes: ['FAKE'], stateFile: '' });
    client = new MerchantClient({
      secrets: new MerchantSecrets(new Map([[MERCHANT, secret]]), null),
      timeoutMs: 500,
    });
  });
  afterAll(() => venue.close());

  it('signs its calls and verifies the answers', async () => {
    const r = await client.call(target(), 'balance', { venueCode: 'FAKE', playerId: 'n1' });
    expect(r).toEqual({ kind: 'ok', data: { balance: '0.00' } });
  });

  it('a signed refusal carries its code', async () => {
    const r = await client.call(target(), 'balance', { venueCode: 'NOPE', playerId: 'n1' });
    expect(r).toMatchObject({ kind: 'refused', code: ErrorCode.VenueUnknown });
  });

  it('a forged answer is no answer: even an "applied" moves nothing', async () => {
    venue.control.forgeAnswers = true;
    try {
      const r = await client.call(target(), 'transfer', {
        venueCode: 'FAKE',
        playerId: 'n2',
        transferId: 'Tforged000000001',
        direction: 'in',
        amount: '10',
      });
      expect(r).toEqual({ kind: 'unknown', reason: 'answer signature invalid' });
    } finally {
      venue.control.forgeAnswers = false;
    }
  });

  it('an unsigned answer (auth refusals are unsigned) is unknown', async () => {
    const wrong = new MerchantClient({
      secrets: new MerchantSecrets(new Map([[MERCHANT, newSecret()]]), null),
    });
    const r = await wrong.call(target(), 'balance', { venueCode: 'FAKE', playerId: 'n1' });
    expect(r).toEqual({ kind: 'unknown', reason: 'answer not signed' });
  });

  it('a 5xx, a timeout and no secret are unknown outcomes', async () => {
    venue.control.down = true;
    expect(await client.call(target(), 'balance', { venueCode: 'FAKE', playerId: 'n1' })).toEqual({
      kind: 'unknown',
      reason: 'http 503',
    });
    venue.control.down = false;
    venue.control.delayMs = 1000;
    expect(await client.call(target(), 'balance', { venueCode: 'FAKE', playerId: 'n1' })).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    venue.control.delayMs = 0;
    const none = new MerchantClient({ secrets: new MerchantSecrets(new Map(), null) });
    expect(await none.call(target(), 'balance', { venueCode: 'FAKE', playerId: 'n1' })).toEqual({
      kind: 'unknown',
      reason: 'no merchant secret',
    });
  });

  it('a replayed answer is refused like a forged one', async () => {
    let captured: Response | null = null;
    const recording = new MerchantClient({
      secrets: new MerchantSecrets(new Map([[MERCHANT, secret]]), null),
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        captured = res.clone();
        return res;
      },
    });
    await recording.call(target(), 'balance', { venueCode: 'FAKE', playerId: 'n1' });
    const replaying = new MerchantClient({
      secrets: new MerchantSecrets(new Map([[MERCHANT, secret]]), null),
      fetch: () => Promise.resolve(captured!.clone()),
    });
    // The first delivery of that answer to this client is fresh; the second is a replay.
    expect(
      (await replaying.call(target(), 'balance', { venueCode: 'FAKE', playerId: 'n1' })).kind,
    ).toBe('ok');
    expect(
      await replaying.call(target(), 'balance', { venueCode: 'FAKE', playerId: 'n1' }),
    ).toEqual({
      kind: 'unknown',
      reason: 'answer replayed',
    });
  });
});
