import type { PaymentAccountType } from '@nebula/protocol/api/wallet/payment-accounts.schemas';

/**
 * The payout account types and their contract §8.1 pages, as data: one add page and one list page
 * component serve all 14 routes from this table.
 */
export type PayoutField = 'bank' | 'usdt' | 'account';

export interface PayoutTypeConfig {
  type: PaymentAccountType;
  /** The page listing the type's accounts. */
  listPath: string;
  /** A separate add page, if contract §8.1 has one. */
  addPath: string | null;
  /**
   * The list page adds in place (a sheet): where there is no add route (USDT, sharelife), and
   * for bank cards, whose list route is the member site's /mine/addBankCard.
   */
  addInPlace: boolean;
  field: PayoutField;
}

export const PAYOUT_TYPES: Record<PaymentAccountType, PayoutTypeConfig> = {
  bank: {
    type: 'bank',
    listPath: '/mine/addBankCard',
    addPath: '/mine/userInfo/authentication/bindBankCard',
    addInPlace: true,
    field: 'bank',
  },
  usdt: {
    type: 'usdt',
    listPath: '/mine/virtualCoinCard',
    addPath: null,
    addInPlace: true,
    field: 'usdt',
  },
  ebpay: {
    type: 'ebpay',
    listPath: '/mine/ebpayAcount',
    addPath: '/mine/addEBpayCard',
    addInPlace: false,
    field: 'account',
  },
  koipay: {
    type: 'koipay',
    listPath: '/mine/koipayAcount',
    addPath: '/mine/addKOIpayCard',
    addInPlace: false,
    field: 'account',
  },
  alipay: {
    type: 'alipay',
    listPath: '/mine/alipayAcount',
    addPath: '/mine/addAlipayCard',
    addInPlace: false,
    field: 'account',
  },
  wechat: {
    type: 'wechat',
    listPath: '/mine/wechatAcount',
    addPath: '/mine/addwechatCard',
    addInPlace: false,
    field: 'account',
  },
  digital: {
    type: 'digital',
    listPath: '/mine/digitalAcount',
    addPath: '/mine/addDigitalCard',
    addInPlace: false,
    field: 'account',
  },
  sharelife: {
    type: 'sharelife',
    listPath: '/mine/sharelifeAcount',
    addPath: null,
    addInPlace: true,
    field: 'account',
  },
};

export const PAYOUT_ORDER: PaymentAccountType[] = [
  'bank',
  'usdt',
  'alipay',
  'wechat',
  'ebpay',
  'koipay',
  'digital',
  'sharelife',
];

export interface PayoutRoute {
  type: PaymentAccountType;
  mode: 'add' | 'list';
}

/** Every payment-account route of contract §8.1 and what it shows. */
export const PAYOUT_ROUTES: Readonly<Record<string, PayoutRoute>> = (() => {
  const routes: Record<string, PayoutRoute> = {};
  for (const config of Object.values(PAYOUT_TYPES)) {
    routes[config.listPath] = { type: config.type, mode: 'list' };
    if (config.addPath) routes[config.addPath] = { type: config.type, mode: 'add' };
  }
  return routes;
})();

export function payoutRouteOf(pathname: string): PayoutRoute | null {
  return PAYOUT_ROUTES[pathname.replace(/\/+$/, '')] ?? null;
}

/**
 * The account number's shape per type, mirroring the server (payout-validation) so a typo is
 * caught while typing; checksums (TRC20 base58check, EIP-55) stay the server's.
 */
const ACCOUNT_PATTERNS: Record<Exclude<PaymentAccountType, 'usdt'>, RegExp[]> = {
  bank: [/^\d{16,19}$/],
  alipay: [/^1\d{10}$/, /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i],
  wechat: [/^[A-Za-z][-_A-Za-z0-9]{5,19}$/, /^1\d{10}$/],
  digital: [/^\d{10,32}$/],
  ebpay: [/^[A-Za-z0-9]{6,40}$/],
  koipay: [/^[A-Za-z0-9]{6,40}$/],
  sharelife: [/^[A-Za-z0-9]{6,40}$/],
};

const USDT_PATTERNS = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
} as const;

export type UsdtNetwork = keyof typeof USDT_PATTERNS;

/** The number as sent: cards without their grouping spaces, the rest trimmed. */
export function normalizeAccountNo(type: PaymentAccountType, raw: string): string {
  return type === 'bank' ? raw.replace(/\D/g, '') : raw.trim();
}

export function accountNoValid(
  type: PaymentAccountType,
  raw: string,
  network: UsdtNetwork = 'TRC20',
): boolean {
  const value = normalizeAccountNo(type, raw);
  if (type === 'usdt') return USDT_PATTERNS[network].test(value);
  return ACCOUNT_PATTERNS[type].some((pattern) => pattern.test(value));
}

/** A card number as typed: digits only, at most 19, grouped in fours ("6222 0202 …"). */
export function groupCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
