import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { randomId } from '../../lib/tokens';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { TurnoverService } from './turnover.service';

/** Operators' direct money tools: adjustments (with a reason), turnover waivers, reconciliation. */
export class WalletAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly turnover: TurnoverService,
    private readonly audit: AuditService,
    private readonly members: MemberService,
  ) {}

  async adjust(
    q: Queryable,
    op: Actor,
    memberId: number,
    input: { asset: 'CNY' | 'COIN'; direction: 'credit' | 'debit'; amount: string; reason: string },
    /** An approved four-eyes request's `approval:{id}`: the ledger then refuses a second run. */
    approvedReference?: string,
  ) {
    if (!(await this.members.exists(q, memberId)))
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'memberId', message: 'unknown member' }],
      });
    const coin = input.asset === 'COIN';
    if (coin && input.amount.includes('.'))
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'amount', message: 'COIN is whole units' }],
      });
    const units = coin ? BigInt(input.amount) : parseMoney(input.amount);
    if (units <= 0n)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'amount', message: 'must be positive' }],
      });
    const signed = input.direction === 'credit' ? units : -units;
    const reference = approvedReference ?? `adjust:${memberId}:${this.clock.now()}:${randomId(6)}`;
    await this.ledger.post(q, {
      reference,
      kind: 'adjust',
      memo: input.reason,
      memberId,
      postings: [
        { account: { memberId, kind: coin ? 'coin' : 'main' }, amount: signed },
        { account: { house: coin ? 'adjustmentsCoin' : 'adjustments' }, amount: -signed },
      ],
    });
    await this.audit.record(q, {
      actor: op.userName,
      action: 'wallet.adjust',
      target: `member:${memberId}`,
      before: null,
      after: { ...input, reference },
    });
    const b = await this.ledger.balances(q, memberId);
    return { reference, main: fenToYuanString(b.main), coin: b.coin.toString() };
  }

  /** Waives what is missing, at most `cap` (fen, the value the four-eyes gate saw). */
  async waive(op: Actor, memberId: number, reason: string, cap: bigint) {
    await this.db.tx((q) => this.waiveIn(q, op, memberId, reason, cap));
    return this.turnover.view(memberId);
  }

  /**
   * The waiver inside a caller's transaction (an approved four-eyes request's), at most `cap`:
   * the amount the request was valued at (9775 when more is missing now).
   */
  async waiveIn(
    q: Queryable,
    op: Actor,
    memberId: number,
    reason: string,
    cap: bigint,
  ): Promise<bigint> {
    const waived = await this.turnover.waive(q, memberId, reason, op.userName, cap);
    await this.audit.record(q, {
      actor: op.userName,
      action: 'turnover.waive',
      target: `member:${memberId}`,
      before: { missing: fenToYuanString(waived) },
      after: { missing: '0.00', reason },
    });
    return waived;
  }

  /**
   * The four-eyes value of an adjustment. Input adjust refuses (an unknown member, a malformed
   * COIN amount) counts 0, so it reaches adjust's own coded refusal and files no request.
   */
  async adjustValue(
    memberId: number,
    input: { asset: 'CNY' | 'COIN'; amount: string },
  ): Promise<{ asset: 'CNY' | 'COIN'; units: bigint }> {
    if (!(await this.members.exists(this.db, memberId))) return { asset: input.asset, units: 0n };
    if (input.asset === 'COIN')
      return { asset: 'COIN', units: /^\d+$/.test(input.amount) ? BigInt(input.amount) : 0n };
    return { asset: 'CNY', units: parseMoney(input.amount) };
  }

  /** What a waiver would waive now (fen): the four-eyes value of the call. */
  async missingTurnover(memberId: number): Promise<bigint> {
    return parseMoney((await this.turnover.view(memberId)).missing);
  }

  async reconcile() {
    await this.ledger.rollUp();
    const r = await this.ledger.reconcile();
    return {
      ok: r.ok,
      assetSums: Object.fromEntries(Object.entries(r.assetSums).map(([k, v]) => [k, v.toString()])),
      drift: r.drift.map((d) => ({
        accountId: Number(d.accountId),
        cached: d.cached.toString(),
        postings: d.postings.toString(),
      })),
      negative: r.negative.map((n) => ({
        accountId: Number(n.accountId),
        balance: n.balance.toString(),
      })),
      checkedAccounts: r.checkedAccounts,
    };
  }
}
