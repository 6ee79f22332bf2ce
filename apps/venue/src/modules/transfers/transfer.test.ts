import { ErrorCode } from '@nebula/protocol';
import type { TransferStatus } from '@nebula/protocol/venue/merchant';
import { testDbKind } from '@nebula/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';

let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
});
afterAll(() => v.close());

let seq = 0;
const ids = () => {
  seq += 1;
  return { playerId: `p${seq}-${Date.now().toString(36)}`, transferId: `T${Date.now()}x${seq}` };
};
const transfer = (body: Record<string, unknown>) =>
  v.call<TransferStatus>('transfer', { venueCode: 'HOUSE_TY', ...body });
const balanceOf = async (playerId: string, venueCode = 'HOUSE_TY') =>
  (await v.call<{ balance: string }>('balance', { venueCode, playerId })).data?.balance;

describe("transfers by the platform's id", () => {
  it('in then out move the wallet once each; a retry answers the first outcome and moves nothing', async () => {
    const { playerId, transferId } = ids();
    const first = await transfer({ playerId, transferId, direction: 'in', amount: '100.00' });
    expect(first).toMatchObject({ code: 0, data: { status: 'applied', balance: '100.00' } });
    const again = await transfer({ playerId, transferId, direction: 'in', amount: '100.00' });
    expect(again.data).toEqual(first.data);
    expect(await balanceOf(playerId)).toBe('100.00');
    const out = await transfer({
      playerId,
      transferId: `${transferId}o`,
      direction: 'out',
      amount: '30.5',
    });
    expect(out.data).toMatchObject({ status: 'applied', balance: '69.50' });
    // Each venue code is its own wallet.
    expect(await balanceOf(playerId, 'HOUSE_DJ')).toBe('0.00');
  });

  it("more out than the wallet holds is refused, and the refusal is the id's outcome for good", async () => {
    const { playerId, transferId } = ids();
    await transfer({ playerId, transferId: `${transferId}i`, direction: 'in', amount: '10' });
    const refused = await transfer({ playerId, transferId, direction: 'out', amount: '10.01' });
    expect(refused.data).toEqual({
      status: 'refused',
      transferId,
      code: ErrorCode.VenueBalanceInsufficient,
    });
    await transfer({ playerId, transferId: `${transferId}j`, direction: 'in', amount: '50' });
    expect(
      (await transfer({ playerId, transferId, direction: 'out', amount: '10.01' })).data,
    ).toEqual(refused.data);
    expect((await v.call('transferStatus', { venueCode: 'HOUSE_TY', transferId })).data).toEqual(
      refused.data,
    );
    expect(await balanceOf(playerId)).toBe('60.00');
  });

  it('the same id with another amount, direction, player or venue is 8010 and changes nothing', async () => {
    const { playerId, transferId } = ids();
    await transfer({ playerId, transferId, direction: 'in', amount: '20' });
    for (const change of [
      { amount: '21' },
      { direction: 'out' },
      { playerId: `${playerId}x` },
      { venueCode: 'HOUSE_DJ' },
    ]) {
      const r = await transfer({ playerId, transferId, direction: 'in', amount: '20', ...change });
      expect(r.code).toBe(ErrorCode.VenueTransferConflict);
    }
    expect(await balanceOf(playerId)).toBe('20.00');
  });

  it('a status query for an unknown id is not_found for ever: a late transfer with it never applies', async () => {
    const { playerId, transferId } = ids();
    expect((await v.call('transferStatus', { venueCode: 'HOUSE_TY', transferId })).data).toEqual({
      status: 'not_found',
      transferId,
    });
    const late = await transfer({ playerId, transferId, direction: 'in', amount: '5' });
    expect(late.code).toBe(ErrorCode.VenueTransferExpired);
    expect((await v.call('transferStatus', { venueCode: 'HOUSE_TY', transferId })).data).toEqual({
      status: 'not_found',
      transferId,
    });
    expect(await balanceOf(playerId)).toBe('0.00');
  });

  it('bad amounts and unknown venues are refused', async () => {
    const { playerId, transferId } = ids();
    for (const amount of ['0', '-1', '1.001', 'abc']) {
      const r = await transfer({ playerId, transferId, direction: 'in', amount });
      expect([ErrorCode.VenueRequestInvalid, ErrorCode.VenueTransferAmountInvalid]).toContain(
        r.code,
      );
    }
    expect(
      (await transfer({ playerId, transferId, direction: 'in', amount: '1', venueCode: 'NOPE' }))
        .code,
    ).toBe(ErrorCode.VenueUnknown);
    expect(await balanceOf(playerId)).toBe('0.00');
  });

  it('the books balance: every entry sums to zero and every wallet equals its postings', async () => {
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });
});

describe('signed merchant calls', () => {
  const body = () => ({ venueCode: 'HOUSE_TY', playerId: 'sig-player' });

  it('answers are signed for the merchant', async () => {
    const r = await v.call('balance', body());
    expect(r.code).toBe(0);
    expect(r.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an unknown merchant, a wrong secret, a changed body, a stale time and a reused nonce', async () => {
    expect((await v.call('balance', body(), { merchant: 'STRANGER' })).code).toBe(
      ErrorCode.VenueMerchantUnknown,
    );
    expect((await v.call('balance', body(), { secret: 'x'.repeat(64) })).code).toBe(
      ErrorCode.VenueSignatureInvalid,
    );
    expect(
      (await v.call('balance', body(), { tamper: (raw) => raw.replace('sig-player', 'other') }))
        .code,
    ).toBe(ErrorCode.VenueSignatureInvalid);
    expect(
      (await v.call('balance', body(), { timestamp: String(Date.now() - 6 * 60 * 1000) })).code,
    ).toBe(ErrorCode.VenueRequestStale);
    const nonce = 'fixed-nonce-0123456789';
    expect((await v.call('balance', body(), { nonce })).code).toBe(0);
    expect((await v.call('balance', body(), { nonce })).code).toBe(ErrorCode.VenueNonceReused);
  });

  it('a forged transfer moves nothing', async () => {
    const { playerId, transferId } = ids();
    const r = await v.call(
      'transfer',
      { venueCode: 'HOUSE_TY', playerId, transferId, direction: 'in', amount: '999' },
      { secret: 'y'.repeat(64) },
    );
    expect(r.code).toBe(ErrorCode.VenueSignatureInvalid);
    expect((await v.call('transferStatus', { venueCode: 'HOUSE_TY', transferId })).data).toEqual({
      status: 'not_found',
      transferId,
    });
  });
});

describe.runIf(testDbKind() === 'postgres')('concurrency (PostgreSQL)', () => {
  it('one transfer id sent 20 times at once applies once', async () => {
    const { playerId, transferId } = ids();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        transfer({ playerId, transferId, direction: 'in', amount: '7.00' }),
      ),
    );
    expect(answers.every((a) => a.code === 0 && a.data?.status === 'applied')).toBe(true);
    expect(await balanceOf(playerId)).toBe('7.00');
  });

  it('30 parallel transfers out of a wallet of 100.00 never overdraw it', async () => {
    const { playerId, transferId } = ids();
    await transfer({ playerId, transferId, direction: 'in', amount: '100' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        transfer({ playerId, transferId: `${transferId}-o${i}`, direction: 'out', amount: '10' }),
      ),
    );
    expect(answers.filter((a) => a.data?.status === 'applied')).toHaveLength(10);
    expect(answers.filter((a) => a.data?.status === 'refused')).toHaveLength(20);
    expect(await balanceOf(playerId)).toBe('0.00');
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });
});
