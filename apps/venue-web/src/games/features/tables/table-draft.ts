import { formatMoney, isMoneyString, parseMoney } from '@nebula/protocol/money/fen';
import type { TableLimits } from '@nebula/protocol/venue/games/tables-api';
import {
  OPPOSED_ZONES,
  TABLE_ZONE_NAMES,
  type TableZone,
} from '@nebula/protocol/venue/games/tables-zones';

/**
 * The table page's chips on the felt before confirm, in fen (docs/contract.md §10.12): every tap
 * puts the chosen chip on a zone and can be undone one by one; 重复 puts down the member's last
 * confirmed round again; nothing leaves the page until 确认, which sends one request for the
 * round. The checks here say early what the venue would refuse (it checks again).
 */
export interface ChipDrop {
  zone: TableZone;
  fen: bigint;
}

export type ZoneFen = Partial<Record<TableZone, bigint>>;

const fenOf = (s: string): bigint => (isMoneyString(s) ? parseMoney(s) : 0n);

/** The table's chips in fen, smallest first. */
export function chipValues(limits: TableLimits): bigint[] {
  return limits.chips
    .map(fenOf)
    .filter((f) => f > 0n)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function totalsOf(drops: readonly ChipDrop[]): ZoneFen {
  const out: ZoneFen = {};
  for (const d of drops) out[d.zone] = (out[d.zone] ?? 0n) + d.fen;
  return out;
}

export function sumOf(z: ZoneFen): bigint {
  return Object.values(z).reduce((s, v) => s + (v ?? 0n), 0n);
}

/** Adds wire amounts per zone (the member's placed bets, the table's totals). */
export function zoneFen(rows: readonly { zone: TableZone; amount: string }[]): ZoneFen {
  const out: ZoneFen = {};
  for (const r of rows) out[r.zone] = (out[r.zone] ?? 0n) + fenOf(r.amount);
  return out;
}

/** 重复: the last round's bets as chip drops, one per zone. */
export function repeatDrops(last: ZoneFen): ChipDrop[] {
  return (Object.entries(last) as [TableZone, bigint][])
    .filter(([, fen]) => fen > 0n)
    .map(([zone, fen]) => ({ zone, fen }));
}

/**
 * Why the chips on the felt cannot be confirmed, in the member's words, or null: a zone under
 * its minimum or over its maximum (with what the member already placed this round), the round's
 * total over the table's maximum, or both sides of 庄/闲 (龙/虎) in one round.
 */
export function draftProblem(draft: ZoneFen, placed: ZoneFen, limits: TableLimits): string | null {
  if (sumOf(draft) === 0n) return '请先选择筹码并点击下注区';
  for (const [zone, fen] of Object.entries(draft) as [TableZone, bigint][]) {
    const lim = limits.zones.find((z) => z.zone === zone);
    const name = TABLE_ZONE_NAMES[zone];
    if (!lim) return `本桌没有「${name}」`;
    const after = fen + (placed[zone] ?? 0n);
    if (after < fenOf(lim.min)) return `「${name}」最低投注 ¥${lim.min}`;
    if (after > fenOf(lim.max)) return `「${name}」最高投注 ¥${lim.max}`;
  }
  if (sumOf(draft) + sumOf(placed) > fenOf(limits.maxPerRound)) {
    return `每局最高投注 ¥${limits.maxPerRound}`;
  }
  for (const [x, y] of OPPOSED_ZONES) {
    const has = (z: TableZone) => (draft[z] ?? 0n) + (placed[z] ?? 0n) > 0n;
    if (has(x) && has(y)) {
      return `同一局不能同时投注「${TABLE_ZONE_NAMES[x]}」和「${TABLE_ZONE_NAMES[y]}」`;
    }
  }
  return null;
}

/** The request's bets: one per zone, amounts as wire money. */
export function draftBets(draft: ZoneFen): { zone: TableZone; amount: string }[] {
  return (Object.entries(draft) as [TableZone, bigint][])
    .filter(([, fen]) => fen > 0n)
    .map(([zone, fen]) => ({ zone, amount: formatMoney(fen) }));
}

/** A chip's face: ¥10, ¥1K, ¥5K, ¥1W (万). */
export function chipFace(fen: bigint): string {
  const yuan = fen / 100n;
  if (fen % 100n !== 0n) return formatMoney(fen);
  if (yuan >= 10_000n && yuan % 10_000n === 0n) return `${yuan / 10_000n}万`;
  if (yuan >= 1_000n && yuan % 1_000n === 0n) return `${yuan / 1_000n}千`;
  return yuan.toString();
}
