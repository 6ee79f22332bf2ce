import { z } from 'zod';
import { moneyString, paging, pageOf } from '../core/common';
import { coinString, DepositOrder, WithdrawOrder } from './wallet.schemas';
import { text } from '../../rules/text';

/** Operators' wallet tools (finance role). */
export const AdminOrderQuery = z
  .object({
    status: z
      .enum(['pending', 'review', 'credited', 'rejected', 'expired', 'cancelled', 'paid'])
      .optional(),
    ...paging,
  })
  .strict();
export const AdminDepositOrder = DepositOrder.extend({
  memberId: z.number().int(),
  userName: z.string(),
  depositorName: z.string().nullable(),
  receivedAmount: moneyString.nullable(),
});
export const AdminDepositPage = pageOf(AdminDepositOrder);
export const AdminWithdrawOrder = WithdrawOrder.extend({
  memberId: z.number().int(),
  userName: z.string(),
  accountNo: z.string(),
  holder: z.string().nullable(),
});
export const AdminWithdrawPage = pageOf(AdminWithdrawOrder);
export const AdminOrderParams = z
  .object({ orderId: z.string().regex(/^[DW][0-9A-Z]{8,32}$/) })
  .strict();
export const ReasonRequest = z.object({ reason: text().trim().max(200).optional() }).strict();
export const RequiredReasonRequest = z.object({ reason: text().trim().min(1).max(200) }).strict();
/** Resolve a deposit in review: credit what was really received, or close it. */
export const DepositResolveRequest = z
  .object({ credit: z.boolean(), reason: text().trim().min(1).max(200) })
  .strict();
export const AdjustRequest = z
  .object({
    asset: z.enum(['CNY', 'COIN']),
    direction: z.enum(['credit', 'debit']),
    /** CNY as money, COIN as whole units (the service refuses places); capped like all money. */
    amount: moneyString,
    reason: text().trim().min(1).max(200),
  })
  .strict();
export const AdjustResult = z.object({
  reference: z.string(),
  main: moneyString,
  coin: coinString,
});
export const Reconciliation = z.object({
  ok: z.boolean(),
  /** Per asset: the sum of all postings (must be 0). */
  assetSums: z.record(z.string(), z.string()),
  /** Accounts whose cached balance differs from their postings (after roll-up). */
  drift: z.array(
    z.object({ accountId: z.number().int(), cached: z.string(), postings: z.string() }),
  ),
  negative: z.array(z.object({ accountId: z.number().int(), balance: z.string() })),
  checkedAccounts: z.number().int(),
});
export type Reconciliation = z.infer<typeof Reconciliation>;
