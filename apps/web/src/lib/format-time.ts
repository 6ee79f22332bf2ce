/** Date and time for the UI, in the viewer's clock, 24-hour (zh-CN conventions). */

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-05-01 14:03". */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "2026-05-01". */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "14:03" today, else the date and time: for near-future moments such as an unlock time. */
export function formatMoment(ms: number, now: number = Date.now()): string {
  const d = new Date(ms);
  const today = new Date(now);
  const sameDay =
    d.getFullYear() === today.getFullYear() &&
    d.getMonth() === today.getMonth() &&
    d.getDate() === today.getDate();
  return sameDay ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : formatDateTime(ms);
}

/** Whole seconds from now until `ms` (at least 1), for countdowns fed by server times. */
export function secondsUntil(ms: number, now: number): number {
  return Math.max(1, Math.ceil((ms - now) / 1000));
}
