import {
  ErrorCode,
  fenToYuanString,
  isOnlineDepositChannel,
  parseMoney,
  usdtCreditFen,
  type DepositChannel,
  type DepositOrder,
} from '@nebula/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { SettingsService } from '../settings/settings.service';
import type { DepositChannelSetting } from '../settings/settings.schema';
import type { EffectUnit, MoneyResult } from '../../idempotency/money-unit';
import { newOrderId } from '../../lib/order-id';
import type { OrderTimelineService } from '../wallet/order-timeline.service';
import type { TurnoverService } from '../wallet/turnover.service';
import type { DepositLimitsService } from './deposit-limits.service';
import type { PlayGuard } from '../play-break/play-break.service';
import type { PaymentGateways } from './payment-gateway';
import type { SandboxGateway } from './sandbox-gateway';
import * as repo from './deposit.repository';
import { runAfterCredit, type AfterCredit } from './after-credit';
import type { DepositRow } from './deposit.repository';

export const DEPOSIT_TTL_MS = 30 * 60 * 1000;

export interface DepositDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  ledger: LedgerService;
  turnover: TurnoverService;
  limits: DepositLimitsService;
  /** Refuses members on a time-out or self-exclusion (contract §5). */
  play: PlayGuard;
  timeline: OrderTimelineService;
  audit: AuditService;
  members: MemberService;
  /** The gateways of the online channels; a channel without one is not offered. */
  gateways: PaymentGateways;
  /** The sandbox's hosted pay page; null when the sandbox is off (production, unless enabled). */
  sandbox: SandboxGateway | null;
  log: FastifyBaseLogger;
  /** After a credit's ledger entry: deposit bonuses (contract §5); see after-credit.ts. */
  afterCredit?: AfterCredit;
}

const STATUS_NOTE: Record<string, string> = {
  pending: '订单已创建，等待付款',
  credited: '已到账',
  rejected: '已拒绝',
  expired: '订单超时未付款，已关闭',
  cancelled: '已取消',
  review: '款项已收到，等待人工审核',
};

/**
 * Deposits (contract §5): orders are state machines changed only by compare-and-set; a credit is
 * one ledger transaction with the order id as its reference, so whoever races, an order is
 * credited, rejected or expired exactly once. Money really received is never dropped: a paid
 * callback for an expired order or with another amount goes to operator review.
 */
export class DepositService {
  constructor(private readonly d: DepositDeps) {}

  /** Deposits credited in [from, to) (statements, contract §5). */
  creditedBetween(memberId: number, from: number, to: number): Promise<bigint> {
    return repo.creditedBetween(this.d.db, memberId, from, to);
  }

  async channels(): Promise<DepositChannel[]> {
    const s = await this.d.settings.get();
    return s.depositChannels
      .filter(
        (c) => c.enabled && (!isOnlineDepositChannel(c.type) || this.d.gateways.forChannel(c.type)),
      )
      .map((c) => this.#present(c, s.usdtRate));
  }

  #present(c: DepositChannelSetting, usdtRate: string): DepositChannel {
    const usdt = c.type === 'usdt';
    return {
      id: c.id,
      type: c.type,
      name: c.name,
      online: isOnlineDepositChannel(c.type),
      currency: usdt ? 'USDT' : 'CNY',
      min: c.min,
      max: c.max,
      quickAmounts: c.quickAmounts,
      needsDepositorName: c.type === 'bank',
      receiving: c.receiving,
      rate: usdt ? usdtRate : null,
      tutorial: c.type,
    };
  }

  async create(
    q: Queryable,
    memberId: number,
    input: { channelId: string; amount: string; depositorName?: string },
  ) {
    await this.d.play.assertCanPlay(q, memberId);
    const s = await this.d.settings.get();
    const channel = s.depositChannels.find((c) => c.id === input.channelId && c.enabled);
    if (!channel) throw new AppError(ErrorCode.ChannelUnavailable);
    const gateway = isOnlineDepositChannel(channel.type)
      ? this.d.gateways.forChannel(channel.type)
      : null;
    // The sandbox is the only gateway yet: an online channel without one means it is off.
    if (isOnlineDepositChannel(channel.type) && !gateway)
      throw new AppError(ErrorCode.SandboxDisabled);
    const amount = parseMoney(input.amount);
    if (amount < parseMoney(channel.min))
      throw new AppError(ErrorCode.AmountBelowMin, { min: channel.min });
    if (amount > parseMoney(channel.max))
      throw new AppError(ErrorCode.AmountAboveMax, { max: channel.max });
    if (channel.type === 'bank' && !input.depositorName)
      throw new AppError(ErrorCode.DepositorNameRequired);
    const credit = channel.type === 'usdt' ? usdtCreditFen(amount, parseMoney(s.usdtRate)) : amount;
    if (credit <= 0n) throw new AppError(ErrorCode.AmountBelowMin, { min: channel.min });
    await this.d.limits.check(q, memberId, credit);
    const now = this.d.clock.now();
    const id = newOrderId('D', now);
    const payment = gateway
      ? await gateway.createPayment({ orderId: id, amount: credit, channelType: channel.type })
      : null;
    await repo.insertDeposit(q, {
      id,
      memberId,
      channelId: channel.id,
      channelType: channel.type,
      channelName: channel.name,
      currency: channel.type === 'usdt' ? 'USDT' : 'CNY',
      amount,
      creditAmount: credit,
      depositorName: input.depositorName ?? null,
      gateway: gateway?.id ?? null,
      payUrl: payment?.payUrl ?? null,
      createdAt: now,
      expiresAt: now + DEPOSIT_TTL_MS,
    });
    await this.d.timeline.add(q, id, 'pending', STATUS_NOTE.pending!, now);
    const order = await this.load(q, id);
    return { orderId: id, payUrl: order.payUrl, order };
  }

  async load(q: Queryable, id: string): Promise<DepositOrder> {
    const row = await repo.readDeposit(q, id);
    if (!row) throw new AppError(ErrorCode.OrderNotFound);
    return this.presentOrder(row, (await this.d.timeline.of(q, [id])).get(id) ?? []);
  }

  presentOrder(row: DepositRow, timeline: DepositOrder['timeline']): DepositOrder {
    return {
      orderId: row.id,
      channelId: row.channelId,
      channelName: row.channelName,
      channelType: row.channelType as DepositOrder['channelType'],
      amount: fenToYuanString(row.amount),
      currency: row.currency,
      creditAmount: fenToYuanString(row.creditAmount),
      status: row.status,
      payUrl: row.status === 'pending' ? row.payUrl : null,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      timeline,
    };
  }

  /** The member's own order, or 7008 (another member's order does not exist for them). */
  async #own(q: Queryable, memberId: number, orderId: string): Promise<DepositRow> {
    const row = await repo.readDeposit(q, orderId);
    if (!row || row.memberId !== memberId) throw new AppError(ErrorCode.OrderNotFound);
    return row;
  }

  async list(memberId: number, page: number, pageSize: number) {
    await this.expireDue(memberId);
    const r = await repo.listDeposits(this.d.db, { memberId }, pageSize, (page - 1) * pageSize);
    const events = await this.d.timeline.of(
      this.d.db,
      r.rows.map((x) => x.id),
    );
    return {
      list: r.rows.map((row) => this.presentOrder(row, events.get(row.id) ?? [])),
      page,
      pageSize,
      total: r.total,
    };
  }

  async detail(memberId: number, orderId: string): Promise<DepositOrder> {
    await this.expireDue(memberId);
    await this.#own(this.d.db, memberId, orderId);
    return this.load(this.d.db, orderId);
  }

  async cancel(q: Queryable, memberId: number, orderId: string): Promise<DepositOrder> {
    await this.#own(q, memberId, orderId);
    const now = this.d.clock.now();
    if (!(await repo.casDeposit(q, orderId, ['pending'], 'cancelled', now)))
      throw new AppError(ErrorCode.OrderStateChanged);
    await this.d.timeline.add(q, orderId, 'cancelled', '会员取消订单', now);
    return this.load(q, orderId);
  }

  /** The sandbox pay page: only the order's member sees it. */
  async sandboxOrder(memberId: number, orderId: string): Promise<DepositOrder> {
    return (await this.#sandboxOrder(memberId, orderId)).order;
  }

  async #sandboxOrder(
    memberId: number,
    orderId: string,
  ): Promise<{ sandbox: SandboxGateway; order: DepositOrder }> {
    const sandbox = this.d.sandbox;
    if (!sandbox) throw new AppError(ErrorCode.SandboxDisabled);
    const row = await this.#own(this.d.db, memberId, orderId);
    if (row.gateway !== sandbox.id) throw new AppError(ErrorCode.OrderNotFound);
    return { sandbox, order: await this.load(this.d.db, orderId) };
  }

  /**
   * The pay button of the sandbox page: the gateway then calls back, signed, and the callback
   * credits the order. The payment is an effect outside this database.
   */
  async sandboxPay(
    unit: EffectUnit,
    memberId: number,
    orderId: string,
  ): Promise<MoneyResult<DepositOrder>> {
    // Checked after the key is claimed: a stuck first attempt that wakes after a retry paid
    // finds the order no longer pending and pays nothing twice.
    return unit.perform(async () => {
      const { sandbox, order } = await this.#sandboxOrder(memberId, orderId);
      if (order.status !== 'pending') throw new AppError(ErrorCode.OrderStateChanged);
      await sandbox.pay({ orderId, amount: order.creditAmount }, this.d.clock.now());
      return this.load(this.d.db, orderId);
    });
  }

  /**
   * Credits an order exactly once (compare-and-set from `from`), with the ledger entry and the
   * turnover requirement in the same unit of work. For the callback and for operators.
   */
  async credit(
    q: Queryable,
    row: DepositRow,
    amount: bigint,
    now: number,
    note: string,
    from: DepositRow['status'][],
    tradeNo?: string,
  ): Promise<DepositRow> {
    const moved = await repo.casDeposit(q, row.id, from, 'credited', now, {
      receivedAmount: amount,
      gatewayTradeNo: tradeNo,
    });
    if (!moved) throw new AppError(ErrorCode.OrderStateChanged);
    await this.d.ledger.post(q, {
      reference: `deposit:${row.id}`,
      kind: 'deposit',
      memo: row.channelName,
      memberId: row.memberId,
      postings: [
        { account: { house: 'deposits' }, amount: -amount },
        { account: { memberId: row.memberId, kind: 'main' }, amount },
      ],
    });
    await this.d.turnover.requireFor(q, row.memberId, amount, `deposit:${row.id}`);
    await this.d.timeline.add(q, row.id, 'credited', note, now);
    if (this.d.afterCredit) await runAfterCredit(q, this.d.afterCredit, row, this.d.log);
    return moved;
  }

  /** Pending orders past 30 minutes become expired, once each. */
  async expireDue(memberId?: number): Promise<number> {
    const ids = await repo.dueExpiries(this.d.db, this.d.clock.now(), memberId);
    let n = 0;
    for (const id of ids) {
      await this.d.db.tx(async (q) => {
        const now = this.d.clock.now();
        if (await repo.casDeposit(q, id, ['pending'], 'expired', now)) {
          await this.d.timeline.add(q, id, 'expired', STATUS_NOTE.expired!, now);
          n += 1;
        }
      });
    }
    return n;
  }
}
