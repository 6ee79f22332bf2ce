import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/codes';
import {
  MerchantEnvelope,
  merchantCalls,
  merchantDefiniteFailures,
  type MerchantCall,
} from './merchant';

/**
 * The merchant API's conformance suite: what any venue — the house venue, a fake one in the
 * platform's tests, an adapter to a real provider — must do for a platform to trust it with
 * money. A suite registers it with a transport to its venue; every answer is also checked
 * against the contract's schemas.
 */
export interface MerchantAnswer {
  code: number;
  data?: unknown;
  message?: string;
}

export interface MerchantTransport {
  /** A correctly signed call. */
  call(name: MerchantCall, body: unknown): Promise<MerchantAnswer>;
  /** The same call signed with a wrong secret. */
  forged(name: MerchantCall, body: unknown): Promise<MerchantAnswer>;
}

export interface ConformanceTarget {
  transport: MerchantTransport;
  venueCode: string;
  close(): Promise<void>;
}

let seq = 0;
const fresh = (prefix: string) => {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}`;
};

export function merchantConformance(name: string, open: () => Promise<ConformanceTarget>): void {
  describe(`merchant API conformance: ${name}`, () => {
    let target: ConformanceTarget;
    const call = async (call: MerchantCall, body: Record<string, unknown>) => {
      const answer = await target.transport.call(call, { venueCode: target.venueCode, ...body });
      // Every answer has the contract's shape.
      expect(
        MerchantEnvelope(merchantCalls[call].response).safeParse(answer).success,
        JSON.stringify(answer),
      ).toBe(true);
      return answer;
    };

    /** A player's balance; the debt beside it, when the venue tells one, is checked too. */
    const balanceOf = async (playerId: string) => {
      const data = (await call('balance', { playerId })).data as { balance: string; debt?: string };
      expect(Object.keys(data).filter((k) => k !== 'balance' && k !== 'debt')).toEqual([]);
      return data.balance;
    };

    beforeAll(async () => {
      target = await open();
    });
    afterAll(() => target.close());

    it('a transfer in applies once, however often it is sent', async () => {
      const playerId = fresh('cp');
      const transferId = fresh('CT');
      const body = { playerId, transferId, direction: 'in', amount: '12.34' };
      const first = await call('transfer', body);
      expect(first).toMatchObject({ code: 0, data: { status: 'applied', balance: '12.34' } });
      expect(await call('transfer', body)).toEqual(first);
      expect(await balanceOf(playerId)).toBe('12.34');
      expect((await call('transferStatus', { transferId })).data).toMatchObject({
        status: 'applied',
      });
    });

    it('the same id with another body is refused and changes nothing', async () => {
      const playerId = fresh('cp');
      const transferId = fresh('CT');
      await call('transfer', { playerId, transferId, direction: 'in', amount: '5' });
      const other = await call('transfer', { playerId, transferId, direction: 'in', amount: '6' });
      expect(other.code).toBe(ErrorCode.VenueTransferConflict);
      expect(await balanceOf(playerId)).toBe('5.00');
    });

    it("an out beyond the balance is a definite refusal, and stays the id's outcome", async () => {
      const playerId = fresh('cp');
      const transferId = fresh('CT');
      const r = await call('transfer', { playerId, transferId, direction: 'out', amount: '1' });
      const code = (r.data as { status: string; code?: number } | undefined)?.code ?? r.code;
      expect(merchantDefiniteFailures).toContain(code);
      expect((await call('transferStatus', { transferId })).data).toMatchObject({
        status: 'refused',
      });
    });

    it('not_found is final: the id never applies afterwards', async () => {
      const playerId = fresh('cp');
      const transferId = fresh('CT');
      expect((await call('transferStatus', { transferId })).data).toEqual({
        status: 'not_found',
        transferId,
      });
      const late = await call('transfer', { playerId, transferId, direction: 'in', amount: '9' });
      expect(late.code).not.toBe(0);
      expect((await call('transferStatus', { transferId })).data).toEqual({
        status: 'not_found',
        transferId,
      });
      expect(await balanceOf(playerId)).toBe('0.00');
    });

    it("a player's debt, when told, is money: none for a player who never owed", async () => {
      const playerId = fresh('cp');
      const transferId = fresh('CT');
      const t = await call('transfer', { playerId, transferId, direction: 'in', amount: '3' });
      const b = await call('balance', { playerId });
      const s = await call('transferStatus', { transferId });
      for (const data of [t.data, b.data, s.data] as { debt?: string }[]) {
        // Absent (the venue keeps no debt, or does not tell) or zero: this player owes nothing.
        expect(data.debt === undefined || data.debt === '0.00', JSON.stringify(data)).toBe(true);
      }
    });

    it('a forged call is refused and moves nothing', async () => {
      const playerId = fresh('cp');
      const transferId = fresh('CT');
      const forged = await target.transport.forged('transfer', {
        venueCode: target.venueCode,
        playerId,
        transferId,
        direction: 'in',
        amount: '100',
      });
      expect(forged.code).toBe(ErrorCode.VenueSignatureInvalid);
      expect(await balanceOf(playerId)).toBe('0.00');
    });

    it("a launch answers the contract's fields; a preload makes no session token", async () => {
      const playerId = fresh('cp');
      const launched = await call('launch', { playerId, nickname: '玩家' });
      expect(launched.code).toBe(0);
      const preload = await call('launch', { playerId, nickname: '玩家', preload: true });
      expect((preload.data as { token: string }).token).toBe('');
    });
  });
}
