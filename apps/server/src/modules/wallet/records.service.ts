import { formatMoney, type RecordPage } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import { shanghaiDayRange } from '../../lib/shanghai-time';

/**
 * A member's records: the postings of their main (CNY) or coin (COIN) account, newest first,
 * with the transaction's kind, the balance after, and totals per Shanghai day.
 */
export class RecordsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
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
    return {
      list: r.rows.map((x) => ({
        id: Number(x.id),
        time: x.created_at.getTime(),
        type: x.kind,
        asset: x.asset,
        amount: show(x.amount),
        balanceAfter: show(x.balance_after),
        memo: x.memo,
        reference: x.reference,
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
}
