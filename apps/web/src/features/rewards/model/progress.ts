import { parseMoney } from '@nebula/protocol/money/fen';

/** Share of `target` reached, in whole percent computed in fen (0–100). */
export function progressPercent(value: string, target: string): number {
  const t = parseMoney(target);
  if (t === 0n) return 100;
  const p = (parseMoney(value) * 100n) / t;
  return Number(p > 100n ? 100n : p);
}
