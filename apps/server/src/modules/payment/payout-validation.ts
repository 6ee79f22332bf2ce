import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

/** Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const ch of text) {
    const v = BASE58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** A Tron (TRC20) address: base58check of 0x41 + 20 bytes, checksum = sha256(sha256(payload))[0..4]. */
export function tronAddressValid(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const raw = base58Decode(address);
  if (!raw || raw.length !== 25 || raw[0] !== 0x41) return false;
  const payload = raw.subarray(0, 21);
  const check = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
  return check.subarray(0, 4).equals(Buffer.from(raw.subarray(21)));
}

/** An Ethereum (ERC20) address; when it mixes cases, the EIP-55 checksum must hold. */
export function ethAddressValid(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(body.toLowerCase()))).toString(
    'hex',
  );
  for (let i = 0; i < 40; i += 1) {
    const c = body[i]!;
    if (
      /[a-f]/i.test(c) &&
      (parseInt(hash[i]!, 16) >= 8 ? c !== c.toUpperCase() : c !== c.toLowerCase())
    )
      return false;
  }
  return true;
}

export type AccountType =
  'bank' | 'usdt' | 'ebpay' | 'koipay' | 'alipay' | 'wechat' | 'digital' | 'sharelife';

export interface Validated {
  accountNo: string;
  warning: string | null;
}

/**
 * Normalizes and checks a payout account number; null when it is not one. A bank card that
 * fails Luhn is kept with a warning (some UnionPay cards fail it).
 */
export function validateAccount(
  type: AccountType,
  raw: string,
  network?: 'TRC20' | 'ERC20',
): Validated | null {
  const text = raw.trim();
  switch (type) {
    case 'bank': {
      const digits = text.replace(/[\s-]/g, '');
      if (!/^\d{16,19}$/.test(digits)) return null;
      return {
        accountNo: digits,
        warning: luhnValid(digits) ? null : '卡号未通过 Luhn 校验，请核对无误后使用',
      };
    }
    case 'usdt':
      if (network === 'TRC20')
        return tronAddressValid(text) ? { accountNo: text, warning: null } : null;
      if (network === 'ERC20')
        return ethAddressValid(text) ? { accountNo: text, warning: null } : null;
      return null;
    case 'alipay':
      return /^1\d{10}$/.test(text) || /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(text)
        ? { accountNo: text, warning: null }
        : null;
    case 'wechat':
      return /^[A-Za-z][-_A-Za-z0-9]{5,19}$/.test(text) || /^1\d{10}$/.test(text)
        ? { accountNo: text, warning: null }
        : null;
    case 'digital':
      return /^\d{10,32}$/.test(text) ? { accountNo: text, warning: null } : null;
    case 'ebpay':
    case 'koipay':
    case 'sharelife':
      return /^[A-Za-z0-9]{6,40}$/.test(text) ? { accountNo: text, warning: null } : null;
  }
}

/** Shows the start and end only: cards as •••• 1234, addresses as TNPeea…NYqeL. */
export function maskAccount(type: AccountType, accountNo: string): string {
  if (type === 'bank' || type === 'digital') return `**** **** **** ${accountNo.slice(-4)}`;
  if (accountNo.length <= 8) return `${accountNo.slice(0, 2)}****${accountNo.slice(-2)}`;
  return `${accountNo.slice(0, 6)}…${accountNo.slice(-4)}`;
}

export const BANKS: { code: string; name: string }[] = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'CCB', name: '中国建设银行' },
  { code: 'ABC', name: '中国农业银行' },
  { code: 'BOC', name: '中国银行' },
  { code: 'BOCOM', name: '交通银行' },
  { code: 'CMB', name: '招商银行' },
  { code: 'PSBC', name: '中国邮政储蓄银行' },
  { code: 'CITIC', name: '中信银行' },
  { code: 'CEB', name: '中国光大银行' },
  { code: 'CMBC', name: '中国民生银行' },
  { code: 'CIB', name: '兴业银行' },
  { code: 'SPDB', name: '浦发银行' },
  { code: 'HXB', name: '华夏银行' },
  { code: 'PAB', name: '平安银行' },
  { code: 'CGB', name: '广发银行' },
  { code: 'BOB', name: '北京银行' },
  { code: 'BOSH', name: '上海银行' },
  { code: 'NBCB', name: '宁波银行' },
  { code: 'RCB', name: '农村商业银行' },
];

export const TYPE_NAMES: Record<AccountType, string> = {
  bank: '银行卡',
  usdt: 'USDT',
  ebpay: 'EBpay',
  koipay: 'KOIpay',
  alipay: '支付宝',
  wechat: '微信',
  digital: '数字人民币',
  sharelife: 'Sharelife',
};
