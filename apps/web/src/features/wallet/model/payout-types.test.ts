import { describe, expect, it } from 'vitest';
import { accountNoValid, groupCardNumber, PAYOUT_ROUTES, payoutRouteOf } from './payout-types';

/** contract §8.1's payment-account pages. */
const SPEC_ROUTES = [
  '/mine/addBankCard',
  '/mine/userInfo/authentication/bindBankCard',
  '/mine/virtualCoinCard',
  '/mine/addEBpayCard',
  '/mine/ebpayAcount',
  '/mine/addKOIpayCard',
  '/mine/koipayAcount',
  '/mine/addAlipayCard',
  '/mine/alipayAcount',
  '/mine/sharelifeAcount',
  '/mine/addwechatCard',
  '/mine/wechatAcount',
  '/mine/addDigitalCard',
  '/mine/digitalAcount',
];

describe('payout type table', () => {
  it('serves exactly the 14 contract §8.1 routes', () => {
    expect(Object.keys(PAYOUT_ROUTES).sort()).toEqual([...SPEC_ROUTES].sort());
    expect(payoutRouteOf('/mine/addKOIpayCard')).toEqual({ type: 'koipay', mode: 'add' });
    expect(payoutRouteOf('/mine/virtualCoinCard/')).toEqual({ type: 'usdt', mode: 'list' });
    expect(payoutRouteOf('/mine/finance/transfer')).toBeNull();
  });

  it('groups a card number in fours, digits only, at most 19', () => {
    expect(groupCardNumber('6222a0202 0012-3456789')).toBe('6222 0202 0012 3456 789');
    expect(groupCardNumber('62220202001234567891234')).toBe('6222 0202 0012 3456 789');
  });

  it('checks the shape of each type the way the server does', () => {
    expect(accountNoValid('bank', '6222 0202 0012 3456')).toBe(true);
    expect(accountNoValid('bank', '6222 0202 0012 345')).toBe(false);
    expect(accountNoValid('usdt', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'TRC20')).toBe(true);
    expect(accountNoValid('usdt', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'ERC20')).toBe(false);
    expect(accountNoValid('usdt', '0x52908400098527886E0F7030069857D2E4169EE7', 'ERC20')).toBe(
      true,
    );
    expect(accountNoValid('alipay', 'name@example.com')).toBe(true);
    expect(accountNoValid('wechat', 'wx_abc123')).toBe(true);
    expect(accountNoValid('digital', '0123456789')).toBe(true);
    expect(accountNoValid('sharelife', 'abc')).toBe(false);
  });
});
