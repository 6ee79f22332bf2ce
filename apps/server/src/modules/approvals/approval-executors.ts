import { routes } from '@nebula/protocol';
import type { WalletAdminService } from '../wallet/wallet-admin.service';
import type { WithdrawAdminService } from '../withdraw/withdraw-admin.service';
import type { ApprovalService } from './approvals.service';

export interface ExecutorDeps {
  walletAdmin: WalletAdminService;
  withdrawAdmin: WithdrawAdminService;
}

/**
 * How each four-eyes route runs once approved. The stored payload is the call's params and
 * body, parsed again with the route's own schemas (a row edited behind the database's back
 * cannot smuggle a shape the route would refuse). The requester stays the action's actor; the
 * approval's own audit row names the approver.
 */
export function registerApprovalExecutors(approvals: ApprovalService, d: ExecutorDeps): void {
  approvals.register('adminAdjust', async (q, ctx, payload) => {
    const params = routes.adminAdjust.params.parse(payload.params);
    const body = routes.adminAdjust.body.parse(payload.body);
    const done = await d.walletAdmin.adjust(
      q,
      { userName: ctx.requestedBy },
      params.memberId,
      body,
      ctx.reference,
    );
    return { ...done };
  });
  approvals.register('adminWaiveTurnover', async (q, ctx, payload) => {
    const params = routes.adminWaiveTurnover.params.parse(payload.params);
    const body = routes.adminWaiveTurnover.body.parse(payload.body);
    const waived = await d.walletAdmin.waiveIn(
      q,
      { userName: ctx.requestedBy },
      params.memberId,
      body.reason,
    );
    return { waived: waived.toString() };
  });
  approvals.register('adminWithdrawApprove', async (q, ctx, payload) => {
    const params = routes.adminWithdrawApprove.params.parse(payload.params);
    const body = routes.adminWithdrawApprove.body.parse(payload.body);
    const order = await d.withdrawAdmin.approve(
      q,
      { userName: ctx.requestedBy },
      params.orderId,
      body.reason,
    );
    return { orderId: params.orderId, status: order.status };
  });
}
