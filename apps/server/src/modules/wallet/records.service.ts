import { formatMoney, type RecordPage } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { StatementRow } from '../../ledger/statement.repository';
import type { ExportSource } from '../../lib/export-source';
import { shanghaiDayRange } from '../../lib/shanghai-time';

/** The filters of a member's records (the list's, without its paging). */
export interface RecordsFilter {
  type?: string;
  asset: 'CNY' | 'COIN';
  from?: string;
  to?: string;
}

/**
 * A member's records: the postings of their main (CNY) or coin (COIN) account, newest first,
 * with the transaction's kind, the balance after, and totals per Shanghai day.
 */
/** The statuses of a member's withdrawal orders by id (WithdrawService.statuses). */
export type WithdrawStatuses = (
  memberId: number,
  ids: string[],
) => Promise<Map<string, 'review' | 'paid' | 'rejected'>>;

const WITHDRAW_REFERENCE = /^withdraw:(.+)$/;

export class RecordsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly withdrawStatuses: WithdrawStatuses = () =>
      Promise.resolve(new Map<string, 'review' | 'paid' | 'rejected'>()),
  ) {}

  async page(
    memberId: number,
    f: {
      type?: string;
      asset: 'CNY' | 'COIN';
      from?: string;
      to?: string;
      page: number;
      pageSize: number;
    },
  ): Promise<RecordPage> {
    const coin = f.asset === 'COIN';
    const show = (v: bigint) => (coin ? v.toString() : formatMoney(v));
    const r = await this.ledger.statement(this.db, {
      memberId,
      kind: coin ? 'coin' : 'main',
      type: f.type,
      from: f.from ? shanghaiDayRange(f.from)[0] : undefined,
      to: f.to ? shanghaiDayRange(f.to)[1] : undefined,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    // A withdrawal's entry says whether the order is still in review (交易记录: 审核中).
    const withdrawIds = r.rows.flatMap((x) => WITHDRAW_REFERENCE.exec(x.reference)?.[1] ?? []);
    const statuses = await this.withdrawStatuses(memberId, withdrawIds);
    return {
      list: r.rows.map((x) => ({
        id: Number(x.id),
        time: x.created_at.getTime(),
        type: x.kind,
        // The main and coin accounts hold only CNY and COIN.
        asset: coin ? 'COIN' : 'CNY',
        amount: show(x.amount),
        balanceAfter: show(x.balance_after),
        memo: x.memo,
        reference: x.reference,
        orderStatus: statuses.get(WITHDRAW_REFERENCE.exec(x.reference)?.[1] ?? '') ?? null,
      })),
      page: f.page,
      pageSize: f.pageSize,
      total: r.total,
      dayTotals: r.days.map((d) => ({
        date: d.day,
        in: show(BigInt(d.inflow)),
        out: show(BigInt(d.outflow)),
      })),
    };
  }

  /**
   * The records CSV export's rows (reports/member-exports.service.ts): the list's filters,
   * newest first in keyset pages of posting ids.
   */
  exportSource(memberId: number, f: RecordsFilter): ExportSource<StatementRow, string> {
    const e = this.ledger.statementExport(this.db, {
      memberId,
      kind: f.asset === 'COIN' ? 'coin' : 'main',
      type: f.type,
      from: f.from ? shanghaiDayRange(f.from)[0] : undefined,
      to: f.to ? shanghaiDayRange(f.to)[1] : undefined,
    });
    return {
      count: e.count,
      page: e.before,
      // Above every bigint id: the first page starts at the newest posting.
      first: '9223372036854775807',
      keyOf: (r) => String(r.id),
    };
  }
}
