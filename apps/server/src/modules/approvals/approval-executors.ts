import { houseVenueTargets, routes, type HouseVenueRouteName } from '@nebula/protocol';
import type { ActivityAdminService } from '../activity/activity-admin.service';
import type { CommissionAdminService } from '../agent/commission-admin.service';
import type { HouseVenueService } from '../house-venue/house-venue.service';
import type { MallAdminService } from '../mall/mall-admin.service';
import type { PointsAdminService } from '../mall/points-admin.service';
import type { GrantAdminService } from '../rewards/grant-admin.service';
import type { VenueDebtService } from '../transfer/venue-debt.service';
import type { RebateAdminService } from '../rewards/rebate-admin.service';
import type { VipService } from '../rewards/vip.service';
import type { WalletAdminService } from '../wallet/wallet-admin.service';
import type { WithdrawAdminService } from '../withdraw/withdraw-admin.service';
import type { ApprovalService } from './approvals.service';

export interface ExecutorDeps {
  walletAdmin: WalletAdminService;
  withdrawAdmin: WithdrawAdminService;
  commissionAdmin: CommissionAdminService;
  rebateAdmin: RebateAdminService;
  grantAdmin: GrantAdminService;
  pointsAdmin: PointsAdminService;
  houseVenue: HouseVenueService;
  vip: VipService;
  activityAdmin: ActivityAdminService;
  mallAdmin: MallAdminService;
  venueDebts: VenueDebtService;
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
  // A waiver waives at most what the request was valued at: a requirement grown since is 9775
  // (the request stays pending); a request without its value is refused the same way.
  approvals.register('adminWaiveTurnover', async (q, ctx, payload) => {
    const params = routes.adminWaiveTurnover.params.parse(payload.params);
    const body = routes.adminWaiveTurnover.body.parse(payload.body);
    const valued = typeof payload.missing === 'string' && /^\d+$/.test(payload.missing);
    const waived = await d.walletAdmin.waiveIn(
      q,
      { userName: ctx.requestedBy },
      params.memberId,
      body.reason,
      valued ? BigInt(payload.missing as string) : -1n,
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
  // A venue debt write-off excuses the amount the request was valued at, only if that is still
  // what is held (repaid meanwhile: 7036; grown or shrunk: 9780, the request stays pending).
  approvals.register('adminVenueDebtWriteOff', async (q, ctx, payload) => {
    const params = routes.adminVenueDebtWriteOff.params.parse(payload.params);
    const body = routes.adminVenueDebtWriteOff.body.parse(payload.body);
    const held = typeof payload.held === 'string' && /^\d+$/.test(payload.held) ? payload.held : '';
    if (!held) throw new Error('venue debt write-off request without its valued amount');
    const debt = await d.venueDebts.writeOffIn(
      q,
      { userName: ctx.requestedBy },
      params.memberId,
      params.code,
      body.reason,
      BigInt(held),
    );
    return { memberId: debt.memberId, venueCode: debt.venueCode, writtenOff: debt.writtenOff };
  });
  registerRewardExecutors(approvals, d);
  // House-venue voids and resettles: the venue acts when approved, for the requester by name. A
  // venue refusal rolls the approval back (still pending) and answers the venue's code.
  for (const name of HOUSE_VENUE_FOUR_EYES) {
    approvals.register(name, async (_q, ctx, payload) => {
      const body = routes[name].body.parse(payload.body);
      const answer = await d.houseVenue.call(houseVenueTargets[name], body, ctx.requestedBy);
      return { answer: answer ?? null };
    });
  }
}

const HOUSE_VENUE_FOUR_EYES = [
  'houseVenueVoidBet',
  'houseVenueResettleBet',
  'houseVenueVoidMarket',
  'houseVenueGameRoundVoid',
] as const satisfies readonly HouseVenueRouteName[];

/**
 * Commission payouts and reward raises (contract §4.1). A raise runs as filed: the values the
 * requester asked for, checked again by the service against the table as it stands now.
 */
function registerRewardExecutors(approvals: ApprovalService, d: ExecutorDeps): void {
  approvals.register('adminAgentStatementApprove', async (q, ctx, payload) => {
    const params = routes.adminAgentStatementApprove.params.parse(payload.params);
    const s = await d.commissionAdmin.approve(
      q,
      { userName: ctx.requestedBy },
      params.agentId,
      params.month,
    );
    return { agentId: s.agentId, month: params.month, status: s.status, amount: s.amount };
  });
  approvals.register('adminAgentRulesSet', async (q, ctx, payload) => {
    const body = routes.adminAgentRulesSet.body.parse(payload.body);
    return { ...(await d.commissionAdmin.setRulesIn(q, { userName: ctx.requestedBy }, body)) };
  });
  approvals.register('adminGrantCreate', async (q, ctx, payload) => {
    const params = routes.adminGrantCreate.params.parse(payload.params);
    const body = routes.adminGrantCreate.body.parse(payload.body);
    const g = await d.grantAdmin.grantIn(
      q,
      { userName: ctx.requestedBy },
      params.memberId,
      body,
      ctx.reference,
    );
    return { grantId: g.id, memberId: g.memberId, amount: g.amount, status: g.status };
  });
  approvals.register('adminRebateRateSet', async (q, ctx, payload) => {
    const body = routes.adminRebateRateSet.body.parse(payload.body);
    return d.rebateAdmin.setRateIn(q, { userName: ctx.requestedBy }, body);
  });
  approvals.register('adminPointsAdjust', async (q, ctx, payload) => {
    const params = routes.adminPointsAdjust.params.parse(payload.params);
    const body = routes.adminPointsAdjust.body.parse(payload.body);
    const done = await d.pointsAdmin.adjust(
      q,
      { userName: ctx.requestedBy },
      params.memberId,
      body,
      ctx.reference,
    );
    return { ...done };
  });
  approvals.register('adminPointsRateSet', async (q, ctx, payload) => {
    const body = routes.adminPointsRateSet.body.parse(payload.body);
    return d.pointsAdmin.setRateIn(q, { userName: ctx.requestedBy }, body);
  });
  approvals.register('adminVipLevelSet', async (q, ctx, payload) => {
    const params = routes.adminVipLevelSet.params.parse(payload.params);
    const body = routes.adminVipLevelSet.body.parse(payload.body);
    return { ...(await d.vip.setLevelIn(q, { userName: ctx.requestedBy }, params.level, body)) };
  });
  approvals.register('adminMallItemSave', async (q, ctx, payload) => {
    const body = routes.adminMallItemSave.body.parse(payload.body);
    return { ...(await d.mallAdmin.saveItemIn(q, { userName: ctx.requestedBy }, body)) };
  });
  approvals.register('adminActivityCreate', async (q, ctx, payload) => {
    const body = routes.adminActivityCreate.body.parse(payload.body);
    return { ...(await d.activityAdmin.createIn(q, { userName: ctx.requestedBy }, body)) };
  });
  approvals.register('adminActivityUpdate', async (q, ctx, payload) => {
    const params = routes.adminActivityUpdate.params.parse(payload.params);
    const body = routes.adminActivityUpdate.body.parse(payload.body);
    const a = await d.activityAdmin.updateIn(
      q,
      { userName: ctx.requestedBy },
      params.activityId,
      body,
    );
    return { activityId: a.id, status: a.status };
  });
}
