import type { LedgerRecord, RecordPage } from '@nebula/protocol/api/wallet/wallet.schemas';
import { shanghaiDate } from '../../../lib/shanghai-date';

export interface DayGroup {
  /** YYYY-MM-DD in Asia/Shanghai. */
  date: string;
  /** The day's totals over the whole filter (not only the rows loaded so far). */
  inflow: string | null;
  outflow: string | null;
  records: LedgerRecord[];
}

/**
 * Records (newest first) grouped by their Shanghai day, each group with the server's day
 * totals: a day split across two loaded pages is still one group with one total.
 */
export function groupByDay(
  records: LedgerRecord[],
  dayTotals: RecordPage['dayTotals'],
): DayGroup[] {
  const totals = new Map(dayTotals.map((day) => [day.date, day]));
  const groups: DayGroup[] = [];
  const byDate = new Map<string, DayGroup>();
  for (const record of records) {
    const date = shanghaiDate(record.time);
    let group = byDate.get(date);
    if (!group) {
      const total = totals.get(date);
      group = { date, inflow: total?.in ?? null, outflow: total?.out ?? null, records: [] };
      byDate.set(date, group);
      groups.push(group);
    }
    group.records.push(record);
  }
  return groups;
}

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The weekday of a Shanghai date, 0 for Sunday (the catalogue names it). */
export function weekdayOf(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}
