import { describe, expect, it } from 'vitest';
import {
  ethAddressValid,
  luhnValid,
  maskAccount,
  tronAddressValid,
  validateAccount,
} from './payout-validation';

describe('payout account validation', () => {
  it('Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });
  it('a bank card failing Luhn is kept with a warning; a wrong length is refused', () => {
    expect(validateAccount('bank', '6222 0202 0012 3456 780')).toMatchObject({
      accountNo: '6222020200123456780',
    });
    expect(validateAccount('bank', '4111111111111112')?.warning).toMatch(/Luhn/);
    expect(validateAccount('bank', '12345')).toBeNull();
  });
  it('TRC20 addresses by base58check', () => {
    expect(tronAddressValid('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe(true);
    expect(tronAddressValid('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM')).toBe(false);
    expect(tronAddressValid('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });
  it('ERC20 addresses by EIP-55 when mixed case', () => {
    expect(ethAddressValid('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(ethAddressValid('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(ethAddressValid('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(ethAddressValid('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
  });
  it('masks numbers', () => {
    expect(maskAccount('bank', '6222020200123456789')).toBe('**** **** **** 6789');
    expect(maskAccount('usdt', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe('TNPeea…YqeL');
  });
});
