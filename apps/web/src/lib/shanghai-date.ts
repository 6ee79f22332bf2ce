/**
 * Calendar days in Asia/Shanghai (contract §1: every day, week and month is Shanghai's), for
 * date filters and grouping by day. Shanghai is UTC+8 all year (no daylight saving), so a
 * fixed offset is exact and needs no Intl time-zone data.
 */
const OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The Shanghai calendar date of an instant: "2026-05-01". */
export function shanghaiDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The Shanghai wall-clock time of an instant: "14:03". */
export function shanghaiTime(ms: number): string {
  const d = new Date(ms + OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "2026-05-01 14:03" in Shanghai. */
export function shanghaiDateTime(ms: number): string {
  return `${shanghaiDate(ms)} ${shanghaiTime(ms)}`;
}

/** The date `days` days before (negative: after) a Shanghai date. */
export function addDays(date: string, days: number): string {
  const match = DATE_TEXT.exec(date);
  if (!match) throw new RangeError(`invalid date ${date}`);
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(utc + days * DAY_MS).toISOString().slice(0, 10);
}

/** A calendar pick (a local Date at midnight) as the date the member chose. */
export function dateOfPick(pick: Date): string {
  return `${pick.getFullYear()}-${pad(pick.getMonth() + 1)}-${pad(pick.getDate())}`;
}

/** The local-midnight Date of a date string, for seeding a calendar picker. */
export function pickOfDate(date: string): Date {
  const match = DATE_TEXT.exec(date);
  if (!match) throw new RangeError(`invalid date ${date}`);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
