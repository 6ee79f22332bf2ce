/**
 * Asia/Shanghai periods (contract §1): days, weeks from Monday, months. Shanghai keeps UTC+8
 * all year (no daylight saving), so a fixed offset is exact.
 */
const OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export type Period = 'day' | 'week' | 'month';

/** Start of the period containing `now`, as epoch ms. */
export function periodStart(period: Period, now: number): number {
  const local = new Date(now + OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  if (period === 'month') return Date.UTC(y, m, 1) - OFFSET_MS;
  const dayStart = Date.UTC(y, m, d) - OFFSET_MS;
  if (period === 'day') return dayStart;
  const weekday = (local.getUTCDay() + 6) % 7; // Monday = 0
  return dayStart - weekday * DAY_MS;
}

/** `YYYY-MM-DD` in Shanghai → [start, end) epoch ms of that day. */
export function shanghaiDayRange(date: string): [number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y, m - 1, d) - OFFSET_MS;
  return [start, start + DAY_MS];
}

export function shanghaiDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}
