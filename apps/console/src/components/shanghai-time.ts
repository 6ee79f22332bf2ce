/** The site keeps Shanghai time (docs/contract.md); operator inputs read and show it too. */

/** `YYYY-MM-DDTHH:mm` in Shanghai time (the site's clock, docs/contract.md) for an epoch ms. */
export function toShanghaiInput(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  return d.toISOString().slice(0, 16);
}

/** Epoch ms of a `YYYY-MM-DDTHH:mm` read as Shanghai time; NaN when it is not one. */
export function fromShanghaiInput(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return Number.NaN;
  return Date.parse(`${value}:00+08:00`);
}

/** Today in Shanghai as `YYYY-MM-DD`, shifted by `days`. */
export function shanghaiDay(days = 0, now = Date.now()): string {
  return new Date(now + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
