import { shanghaiDate, shanghaiDateTime, shanghaiTime } from './shanghai-date';

/**
 * Date and time for the UI, 24-hour (zh-CN conventions), always in Asia/Shanghai whatever the
 * phone's own zone (contract §1: every time a member sees is Shanghai's, like the day totals).
 */

/** "2026-05-01 14:03". */
export function formatDateTime(ms: number): string {
  return shanghaiDateTime(ms);
}

/** "2026-05-01". */
export function formatDate(ms: number): string {
  return shanghaiDate(ms);
}

/** "14:03" on the same Shanghai day, else the date and time: for near-future moments. */
export function formatMoment(ms: number, now: number = Date.now()): string {
  return shanghaiDate(ms) === shanghaiDate(now) ? shanghaiTime(ms) : formatDateTime(ms);
}

/** Whole seconds from now until `ms` (at least 1), for countdowns fed by server times. */
export function secondsUntil(ms: number, now: number): number {
  return Math.max(1, Math.ceil((ms - now) / 1000));
}
