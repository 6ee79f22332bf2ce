import type { Db } from '@nebula/db';
import { fenToYuanString } from '@nebula/protocol';
import {
  REPORT_RANGE_MAX_DAYS,
  type DailyReportListFilter,
  type DailyReportListRow,
} from '@nebula/protocol/venue/operator-report-list';
import {
  dayStart,
  filterInvalid,
  pageOf,
  signedYuan,
  sliceOf,
  type ListPage,
  type ListPaging,
} from './operator-list-paging';
import { listDailyReports } from './operator-report-list.repository';

const DAY_MS = 24 * 3600_000;

/**
 * The sportsbook's daily report over a range of Shanghai days (contract §6 "Lists"), as the
 * one-day report counts it (bets settled or voided that day, real money only, parlays their
 * own row) and without the house games' bets (their report is per game). Newest day first;
 * the cursor is `<day>.<sport>`.
 */
export async function dailyReportList(
  db: Db,
  f: DailyReportListFilter,
  p: ListPaging,
): Promise<ListPage<DailyReportListRow>> {
  const from = dayStart(f.from);
  const to = dayStart(f.to) + DAY_MS;
  if (from >= to || (to - from) / DAY_MS > REPORT_RANGE_MAX_DAYS) throw filterInvalid();
  const r = await listDailyReports(
    db,
    { from: new Date(from), to: new Date(to), sport: f.sport ?? null },
    p.after ? decode(p.after) : null,
    sliceOf(p),
  );
  return pageOf(
    p,
    { total: p.after ? null : (r[0]?.total ?? (p.page > 1 ? null : 0)), rows: r },
    (x) => {
      const stakes = BigInt(x.stakes);
      const payouts = BigInt(x.payouts);
      return {
        date: x.day,
        sport: x.sport as DailyReportListRow['sport'],
        bets: x.bets,
        stakes: fenToYuanString(stakes),
        payouts: fenToYuanString(payouts),
        ggr: signedYuan(stakes - payouts),
      };
    },
    (x) => `${x.day}.${x.sport}`,
  );
}

/** A cursor `<day>.<sport>` as this list wrote it; anything else is 9781. */
function decode(after: string): { day: string; sport: string } {
  const m = /^(\d{4}-\d{2}-\d{2})\.([a-z]{1,20})$/.exec(after);
  if (!m) throw filterInvalid();
  return { day: m[1]!, sport: m[2]! };
}
