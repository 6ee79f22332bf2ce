import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/codes';
import { dialectOfPath, dialects, isDialectSessionExpired, isDialectSuccess } from './dialects';
import {
  LaunchRequest,
  MERCHANT_SIGNATURE_WINDOW_MS,
  MerchantEnvelope,
  TransferRequest,
  TransferStatus,
  isFreshTimestamp,
  merchantCalls,
  merchantCanonical,
  merchantDefiniteFailures,
  merchantPaths,
} from './merchant';

describe('merchant signing', () => {
  it('signs method, path with query, timestamp, nonce and the body hash, one per line', () => {
    expect(
      merchantCanonical({
        method: 'post',
        pathWithQuery: '/merchant/v1/transfer?x=1',
        timestamp: '1700000000000',
        nonce: 'abcdefghijklmnop',
        bodySha256Hex: 'ABCDEF',
      }),
    ).toBe('POST\n/merchant/v1/transfer?x=1\n1700000000000\nabcdefghijklmnop\nabcdef');
  });

  it('takes timestamps inside the window only', () => {
    const now = 1_700_000_000_000;
    expect(isFreshTimestamp(String(now - MERCHANT_SIGNATURE_WINDOW_MS), now)).toBe(true);
    expect(isFreshTimestamp(String(now - MERCHANT_SIGNATURE_WINDOW_MS - 1), now)).toBe(false);
    expect(isFreshTimestamp(String(now + MERCHANT_SIGNATURE_WINDOW_MS + 1), now)).toBe(false);
    expect(isFreshTimestamp('1e12', now)).toBe(false);
  });
});

describe('merchant calls', () => {
  it('every call has a path and schemas', () => {
    expect(Object.keys(merchantCalls).sort()).toEqual(Object.keys(merchantPaths).sort());
  });

  it('money is a wire string; a transfer names its venue, player, id and direction', () => {
    const ok = {
      venueCode: 'HOUSE_TY',
      playerId: '42',
      transferId: 'T20261124abc',
      direction: 'in',
      amount: '100.50',
    };
    expect(TransferRequest.safeParse(ok).success).toBe(true);
    expect(TransferRequest.safeParse({ ...ok, amount: 100.5 }).success).toBe(false);
    expect(TransferRequest.safeParse({ ...ok, amount: '1.005' }).success).toBe(false);
    expect(TransferRequest.safeParse({ ...ok, direction: 'sideways' }).success).toBe(false);
    expect(TransferRequest.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });

  it('a transfer status is applied, refused with a code, or not found', () => {
    expect(
      TransferStatus.parse({ status: 'applied', transferId: 'T20261124abc', balance: '5.00' })
        .status,
    ).toBe('applied');
    expect(
      TransferStatus.safeParse({ status: 'refused', transferId: 'T20261124abc' }).success,
    ).toBe(false);
    expect(TransferStatus.parse({ status: 'not_found', transferId: 'T20261124abc' }).status).toBe(
      'not_found',
    );
  });

  it('a launch takes at most ten selections and defaults to a real (not preload) launch', () => {
    const base = { venueCode: 'HOUSE_TY', playerId: '42', nickname: '玩家' };
    expect(LaunchRequest.parse(base).preload).toBe(false);
    expect(LaunchRequest.safeParse({ ...base, selections: Array(11).fill('s') }).success).toBe(
      false,
    );
    expect(LaunchRequest.safeParse({ ...base, nickname: 'a\u0000' }).success).toBe(false);
  });

  it('only definite refusals are definite: signature, conflict and expiry are unknown outcomes', () => {
    expect(merchantDefiniteFailures).toContain(ErrorCode.VenueBalanceInsufficient);
    for (const unknown of [
      ErrorCode.VenueSignatureInvalid,
      ErrorCode.VenueTransferConflict,
      ErrorCode.VenueTransferExpired,
      ErrorCode.Common,
    ]) {
      expect(merchantDefiniteFailures).not.toContain(unknown);
    }
  });

  it('answers are code 0 with data, or a venue code with a message', () => {
    const env = MerchantEnvelope(TransferStatus);
    expect(
      env.safeParse({ code: 0, data: { status: 'not_found', transferId: 'T20261124abc' } }).success,
    ).toBe(true);
    expect(env.safeParse({ code: 8011, message: '场馆余额不足' }).success).toBe(true);
    expect(env.safeParse({ code: 500, message: 'oops' }).success).toBe(false);
  });
});

describe('dialects', () => {
  it('name their success and session-expired codes', () => {
    expect(isDialectSuccess('IMTY', 100)).toBe(true);
    expect(isDialectSuccess('YBTY', 350)).toBe(true);
    expect(isDialectSuccess('FBTY', 0)).toBe(true);
    expect(isDialectSuccess('OBTY', '0000000')).toBe(true);
    expect(isDialectSuccess('OBTY', 0)).toBe(false);
    expect(isDialectSessionExpired('FBTY', 14010)).toBe(true);
    expect(isDialectSessionExpired('OBTY', '400401')).toBe(true);
    expect(dialects.FBTY.onExpired).toBe('refresh');
  });

  it("find a path's dialect by prefix", () => {
    expect(dialectOfPath('/api/mobile/match/list')).toBe('IMTY');
    expect(dialectOfPath('/yewu12/api/user/getUserInfo')).toBe('YBTY');
    expect(dialectOfPath('/v1/bet/place')).toBe('FBTY');
    expect(dialectOfPath('/ob/api/counts')).toBe('OBTY');
    expect(dialectOfPath('/v10/x')).toBeNull();
    expect(dialectOfPath('/site/api/v1/x')).toBeNull();
  });
});
