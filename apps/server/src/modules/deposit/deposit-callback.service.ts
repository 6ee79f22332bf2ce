import { fenToYuanString } from '@nebula/protocol';
import type { CallbackHeaders } from './payment-gateway';
import type { DepositDeps, DepositService } from './deposit.service';
import * as repo from './deposit.repository';

/**
 * Payment gateways' callbacks (contract §5): signed by the gateway, credited exactly once, and
 * money really received is never dropped — a payment for an expired order or with another
 * amount goes to operator review.
 */
export class DepositCallbackService {
  constructor(
    private readonly d: Pick<DepositDeps, 'db' | 'clock' | 'gateways' | 'log' | 'timeline'>,
    private readonly deposits: DepositService,
  ) {}

  /**
   * A gateway's callback. Answers "success" once the outcome is recorded (a replay changes
   * nothing and is also "success"); a bad signature, or an order unknown to that gateway, is
   * refused and logged. A gateway that is not in service (the sandbox in production) is refused.
   */
  async callback(
    gatewayId: string,
    rawBody: string,
    headers: CallbackHeaders,
  ): Promise<'success' | 'fail'> {
    const gateway = this.d.gateways.byId(gatewayId);
    if (!gateway) return 'fail';
    if (!gateway.verifyCallback(rawBody, headers)) {
      this.d.log.warn(
        { gateway: gatewayId, bytes: rawBody.length },
        'payment callback refused: bad signature',
      );
      return 'fail';
    }
    const body = gateway.parseCallback(rawBody);
    if (!body) {
      this.d.log.warn({ gateway: gatewayId }, 'payment callback refused: malformed body');
      return 'fail';
    }
    const received = body.amount;
    return this.d.db.tx(async (q) => {
      const row = await repo.readDeposit(q, body.orderId, true);
      if (!row || row.gateway !== gateway.id) {
        this.d.log.warn(
          { gateway: gatewayId, orderId: body.orderId },
          'payment callback refused: unknown order',
        );
        return 'fail';
      }
      const now = this.d.clock.now();
      if (body.status === 'failed') {
        if (
          await repo.casDeposit(q, row.id, ['pending'], 'rejected', now, { reason: '支付失败' })
        ) {
          await this.d.timeline.add(q, row.id, 'rejected', '支付渠道返回失败', now);
        }
        return 'success';
      }
      if (row.status === 'credited' || row.status === 'review') return 'success';
      const onTime = row.status === 'pending' && row.expiresAt > now;
      if (onTime && received === row.creditAmount) {
        await this.deposits.credit(
          q,
          row,
          received,
          now,
          `支付成功（${body.tradeNo}）`,
          ['pending'],
          body.tradeNo,
        );
        return 'success';
      }
      // Paid, but late or with another amount: never dropped, an operator decides.
      const moved = await repo.casDeposit(
        q,
        row.id,
        ['pending', 'expired', 'cancelled', 'rejected'],
        'review',
        now,
        { receivedAmount: received, gatewayTradeNo: body.tradeNo },
      );
      if (moved) {
        const why =
          received !== row.creditAmount
            ? `实收 ${fenToYuanString(received)} 与订单金额不符`
            : '订单已关闭后收到付款';
        await this.d.timeline.add(q, row.id, 'review', `${why}，等待人工审核`, now);
      }
      return 'success';
    });
  }
}
