import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_WIRE_COIN, MAX_WIRE_FEN, formatMoney, isWireCoin, isWireMoney } from '../../money/fen';
import { AdjustRequest } from './admin-wallet.schemas';
import { moneyString } from '../core/common';
import {
  CoinBuyRequest,
  DepositOrderRequest,
  WithdrawOrderRequest,
  coinString,
} from './wallet.schemas';

/** 2^53 fen, the first amount a Number can no longer tell from its neighbour. */
const TWO_53 = 2n ** 53n;

describe('money on the wire is capped at Number.MAX_SAFE_INTEGER fen', () => {
  it('the cap is exactly MAX_SAFE_INTEGER', () => {
    expect(MAX_WIRE_FEN).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    expect(MAX_WIRE_COIN).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });
  it.each([
    ['0', true],
    ['0.01', true],
    ['100', true],
    ['90071992547409.91', true],
    ['90071992547409.92', false],
    ['90071992547410', false],
    ['99999999999999.99', false],
    ['9999999999999999.99', false],
    ['90071992547409930', false],
  ])('%s → %s', (text, ok) => {
    expect(moneyString.safeParse(text).success).toBe(ok);
    expect(isWireMoney(text)).toBe(ok);
  });
  it.each([-1, 0, 100, '-1', 'abc', '1e309', '0.001', ' 100', '100.', '', null])(
    'refuses %j',
    (v) => {
      expect(moneyString.safeParse(v).success).toBe(false);
    },
  );
  it('every amount up to the cap passes, every amount above it is refused', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n * TWO_53 }), (fen) => {
        expect(moneyString.safeParse(formatMoney(fen)).success).toBe(fen <= MAX_WIRE_FEN);
      }),
    );
  });
  it('COIN units: the same cap', () => {
    expect(coinString.safeParse(MAX_WIRE_COIN.toString()).success).toBe(true);
    expect(coinString.safeParse((MAX_WIRE_COIN + 1n).toString()).success).toBe(false);
    expect(isWireCoin('9999999999999999')).toBe(false);
    expect(coinString.safeParse('1.5').success).toBe(false);
  });
});

describe('money requests', () => {
  const over = formatMoney(TWO_53 + 1n);
  it('deposit, withdrawal and COIN purchase refuse amounts above 2^53 fen', () => {
    expect(DepositOrderRequest.safeParse({ channelId: 'alipay', amount: over }).success).toBe(
      false,
    );
    expect(
      WithdrawOrderRequest.safeParse({ accountId: 1, amount: over, fundPassword: '135790' })
        .success,
    ).toBe(false);
    expect(CoinBuyRequest.safeParse({ coins: (TWO_53 + 1n).toString() }).success).toBe(false);
    expect(DepositOrderRequest.safeParse({ channelId: 'alipay', amount: '100' }).success).toBe(
      true,
    );
  });
  it('an operator adjustment is bounded too and needs a reason', () => {
    const base = { asset: 'CNY', direction: 'credit', reason: '补偿' } as const;
    expect(AdjustRequest.safeParse({ ...base, amount: '90071992547409.91' }).success).toBe(true);
    expect(AdjustRequest.safeParse({ ...base, amount: over }).success).toBe(false);
    expect(AdjustRequest.safeParse({ ...base, amount: '9999999999999999' }).success).toBe(false);
    expect(AdjustRequest.safeParse({ ...base, amount: '-1' }).success).toBe(false);
    expect(
      AdjustRequest.safeParse({ asset: 'CNY', direction: 'credit', amount: '10' }).success,
    ).toBe(false);
    expect(AdjustRequest.safeParse({ ...base, amount: '10', reason: '   ' }).success).toBe(false);
  });
});
