import { z } from 'zod';
import { DEPOSITOR_NAME_MAX, DEPOSITOR_NAME_MIN } from '../../rules/account-rules';
import { dateString, moneyString, paging, pageOf } from '../core/common';
import { fundPassword } from '../member/member.schemas';
import { isWireCoin } from '../../money/fen';
import { text } from '../../rules/text';

export * from './wallet.constants';
export * from './responsible-play.schemas';

/** Wallet (contract §5): balances, deposits, withdrawals, records, COIN, limits, turnover. */

/** COIN is whole units on the wire: digits only, at most MAX_WIRE_COIN (money/fen). */
export const coinString = z
  .string()
  .regex(/^(0|[1-9]\d{0,15})$/, 'invalid coin amount')
  .refine(isWireCoin, 'amount too large');

/**
 * A venue balance is what the venue last answered (contract §6), with when: `syncedAt` null when
 * never asked. Money on its way (a transfer whose outcome the venue has not confirmed yet) is
 * shown where it is: `pendingIn` has left main, `pendingOut` has not reached it.
 */
export const VenueBalance = z.object({
  code: z.string(),
  name: z.string(),
  balance: moneyString,
  syncedAt: z.number().int().nullable(),
  status: z.enum(['open', 'maintenance']),
  pendingIn: moneyString,
  pendingOut: moneyString,
  /**
   * 场馆欠款: what the member owes the venue as it last said — a win its correction took back
   * after the money had left it; its next credits (a transfer in, a payout) repay it first —
   * and of it what is held back from withdrawal now (less what operators wrote off).
   */
  debt: moneyString,
  debtHeld: moneyString,
});
export type VenueBalance = z.infer<typeof VenueBalance>;
export const WalletBalances = z.object({
  main: moneyString,
  locked: moneyString,
  coin: coinString,
  venues: z.array(VenueBalance),
  /** Every venue's `debtHeld`: main less this is what may be withdrawn. */
  debtHeld: moneyString,
  /** Transfers in flight, in either direction. */
  inFlight: moneyString,
  /** main + locked + every venue + in flight. */
  total: moneyString,
});
export type WalletBalances = z.infer<typeof WalletBalances>;

// --- deposits
export const DepositChannelType = z.enum(['bank', 'usdt', 'alipay', 'wechat', 'ebpay', 'koipay']);
export type DepositChannelType = z.infer<typeof DepositChannelType>;

export const DepositChannel = z.object({
  id: z.string(),
  type: DepositChannelType,
  name: z.string(),
  /** Online channels pay through the payment gateway (payUrl); offline ones wait for an operator. */
  online: z.boolean(),
  /** Limits and quick amounts in the channel's currency (CNY, or USDT for usdt). */
  currency: z.enum(['CNY', 'USDT']),
  min: moneyString,
  max: moneyString,
  quickAmounts: z.array(moneyString),
  needsDepositorName: z.boolean(),
  /** Where to send the money for offline channels. */
  receiving: z
    .object({
      bankName: z.string().optional(),
      accountNo: z.string().optional(),
      accountName: z.string().optional(),
      network: z.enum(['TRC20', 'ERC20']).optional(),
      address: z.string().optional(),
    })
    .nullable(),
  /** CNY per USDT (usdt channel). */
  rate: moneyString.nullable(),
  tutorial: z.string(),
});
export type DepositChannel = z.infer<typeof DepositChannel>;
export const DepositChannelList = z.object({ list: z.array(DepositChannel) });

export const DepositOrderRequest = z
  .object({
    channelId: text().max(40),
    /** In the channel's currency. */
    amount: moneyString,
    depositorName: text().trim().min(DEPOSITOR_NAME_MIN).max(DEPOSITOR_NAME_MAX).optional(),
  })
  .strict();

export const OrderStatus = z.enum([
  'pending',
  'credited',
  'rejected',
  'expired',
  'cancelled',
  'review',
  'paid',
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderEvent = z.object({
  time: z.number().int(),
  status: z.string(),
  note: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

export const DepositOrder = z.object({
  orderId: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  channelType: DepositChannelType,
  /** What the member asked to pay, in the channel currency. */
  amount: moneyString,
  currency: z.enum(['CNY', 'USDT']),
  /** CNY to credit (USDT converted at the rate, rounded down to the fen). */
  creditAmount: moneyString,
  status: OrderStatus,
  payUrl: z.string().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  timeline: z.array(OrderEvent),
});
export type DepositOrder = z.infer<typeof DepositOrder>;
export const DepositOrderCreated = z.object({
  orderId: z.string(),
  payUrl: z.string().nullable(),
  order: DepositOrder,
});
export const OrderIdParams = z
  .object({ orderId: z.string().regex(/^[DW][0-9A-Z]{8,32}$/) })
  .strict();
export const OrderListQuery = z.object({ ...paging }).strict();
export const DepositOrderPage = pageOf(DepositOrder);

/** The sandbox gateway's callback body (signed with X-Sandbox-Signature over the raw body). */
export const SandboxCallbackBody = z
  .object({
    orderId: text().max(40),
    amount: moneyString,
    status: z.enum(['paid', 'failed']),
    gatewayTradeNo: text().max(64),
    paidAt: z.number().int(),
  })
  .strict();
export type SandboxCallbackBody = z.infer<typeof SandboxCallbackBody>;

// --- withdrawals
export const WithdrawOrderRequest = z
  .object({ accountId: z.number().int().positive(), amount: moneyString, fundPassword })
  .strict();
export const WithdrawOrder = z.object({
  orderId: z.string(),
  accountId: z.number().int(),
  accountLabel: z.string(),
  amount: moneyString,
  status: OrderStatus,
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  timeline: z.array(OrderEvent),
});
export type WithdrawOrder = z.infer<typeof WithdrawOrder>;
export const WithdrawOrderPage = pageOf(WithdrawOrder);

export const Turnover = z.object({
  /** Total requirement from credited deposits × multiplier. */
  required: moneyString,
  /** Valid turnover from settled bets. */
  completed: moneyString,
  waived: moneyString,
  /** What is still missing before a withdrawal (0 when met). */
  missing: moneyString,
  multiplier: z.string(),
  items: z.array(
    z.object({
      time: z.number().int(),
      /** `reverse`: a void or resettle took back turnover credited earlier. */
      kind: z.enum(['require', 'turnover', 'waive', 'reverse']),
      amount: moneyString,
      note: z.string(),
    }),
  ),
});
export type Turnover = z.infer<typeof Turnover>;

export const WithdrawPrecheck = z.object({
  realNameApproved: z.boolean(),
  /** Where the real name stands, so the page can say 实名审核中 rather than "not done". */
  realNameStatus: z.enum(['none', 'pending', 'approved', 'rejected']),
  fundPasswordSet: z.boolean(),
  /** Withdrawals locked by wrong fund passwords until this time (epoch ms), else null. */
  lockedUntil: z.number().int().nullable(),
  turnover: Turnover,
  min: moneyString,
  max: moneyString,
  dailyMax: moneyString,
  dailyUsed: moneyString,
  balance: moneyString,
});
export type WithdrawPrecheck = z.infer<typeof WithdrawPrecheck>;

// --- records
export const RecordType = z.enum([
  'deposit',
  'withdraw',
  'withdrawRefund',
  'adjust',
  'coinBuy',
  'transferIn',
  'transferOut',
  'transferRefund',
  'bonus',
  'gift',
  'bet',
  'payout',
]);
export type RecordType = z.infer<typeof RecordType>;
export const RecordsQuery = z
  .object({
    type: RecordType.optional(),
    asset: z.enum(['CNY', 'COIN']).default('CNY'),
    from: dateString.optional(),
    to: dateString.optional(),
    ...paging,
  })
  .strict();
export const LedgerRecord = z.object({
  id: z.number().int(),
  time: z.number().int(),
  type: z.string(),
  asset: z.enum(['CNY', 'COIN']),
  /** Signed: "-100.00" leaves the main wallet (COIN: whole units, signed). */
  amount: z.string(),
  balanceAfter: z.string(),
  memo: z.string(),
  reference: z.string(),
  /** The order behind the entry, where it has one that is still moving: a withdrawal in review. */
  orderStatus: z.enum(['review', 'paid', 'rejected']).nullable(),
});
export type LedgerRecord = z.infer<typeof LedgerRecord>;
export const DayTotal = z.object({ date: z.string(), in: z.string(), out: z.string() });
export const RecordPage = pageOf(LedgerRecord).extend({ dayTotals: z.array(DayTotal) });
export type RecordPage = z.infer<typeof RecordPage>;

// --- COIN
export const CoinInfo = z.object({
  balance: coinString,
  main: moneyString,
  rate: moneyString,
  min: coinString,
  max: coinString,
});
export type CoinInfo = z.infer<typeof CoinInfo>;
export const CoinBuyRequest = z.object({ coins: coinString }).strict();
