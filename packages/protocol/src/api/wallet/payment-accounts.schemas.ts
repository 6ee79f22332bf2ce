import { z } from 'zod';
import { StepUp } from '../member/member.schemas';
import { text } from '../../rules/text';

/** Members' payout accounts (contract §8.1 payment-account pages). */
export const PaymentAccountType = z.enum([
  'bank',
  'usdt',
  'ebpay',
  'koipay',
  'alipay',
  'wechat',
  'digital',
  'sharelife',
]);
export type PaymentAccountType = z.infer<typeof PaymentAccountType>;

export const PaymentAccountAddRequest = z
  .object({
    type: PaymentAccountType,
    /** Bank card number, wallet address, or the account id in the payment app. */
    accountNo: text().trim().min(4).max(64),
    /** Bank code for cards (see banks), network for usdt. */
    bankCode: text().max(20).optional(),
    network: z.enum(['TRC20', 'ERC20']).optional(),
    /** A label the member chooses (e.g. 工资卡). */
    alias: text().trim().max(20).optional(),
    stepUp: StepUp,
  })
  .strict();

export const PaymentAccount = z.object({
  id: z.number().int(),
  type: PaymentAccountType,
  label: z.string(),
  accountMasked: z.string(),
  holderMasked: z.string().nullable(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  network: z.string().nullable(),
  /** Withdrawals to it are allowed from this time (cool-off). */
  usableAt: z.number().int(),
  createdAt: z.number().int(),
  /** A soft warning kept with the account (e.g. the card number fails Luhn). */
  warning: z.string().nullable(),
});
export type PaymentAccount = z.infer<typeof PaymentAccount>;
export const PaymentAccountList = z.object({
  list: z.array(PaymentAccount),
  caps: z.record(z.string(), z.number().int()),
});
export const PaymentAccountIdParams = z.object({ id: z.coerce.number().int().positive() }).strict();
export const Bank = z.object({ code: z.string(), name: z.string() });
export const BankList = z.object({ list: z.array(Bank) });
