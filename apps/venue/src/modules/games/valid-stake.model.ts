import type { GameRules } from './game-rules';

/**
 * Valid stake (有效投注) of one player's bets on one round, computed when the round settles
 * (docs/contract.md §6, "Valid turnover of house game bets", and §10.11):
 * - a decided bet counts its stake; a push or a void counts nothing;
 * - the two sides of a two-way pair (大/小, 单/双, 龙/虎) on the same pick count |A − B| on the
 *   larger side, split over that side's bets by stake in whole fen (largest remainder, ties to
 *   the earlier bet), and nothing on the smaller side (A = B: nothing on either);
 * - the bets of one bet type whose picks together win with a probability of 70 % or more
 *   count nothing.
 * Pure: the same bets give the same answer, whatever their order.
 */
export interface RoundBet {
  id: string;
  betType: string;
  pick: string;
  stake: bigint;
  /** How the bet ended: a push (paid back its stake) and a void count nothing. */
  outcome: 'decided' | 'push' | 'void';
}

type Rules = Pick<GameRules, 'twoWayPairs' | 'coverage'>;

/** `total` split over `weights` in whole units, largest remainder first. */
export function splitByWeight(
  total: bigint,
  items: readonly { id: string; weight: bigint }[],
): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const sum = items.reduce((s, i) => s + i.weight, 0n);
  if (sum <= 0n) {
    for (const i of items) out.set(i.id, 0n);
    return out;
  }
  let given = 0n;
  const rest = items.map((i, order) => {
    const share = (total * i.weight) / sum;
    out.set(i.id, share);
    given += share;
    return { id: i.id, rem: (total * i.weight) % sum, order };
  });
  rest.sort((a, b) => (a.rem === b.rem ? a.order - b.order : a.rem > b.rem ? -1 : 1));
  for (let k = 0; given < total; k += 1, given += 1n) {
    const r = rest[k % rest.length]!;
    out.set(r.id, out.get(r.id)! + 1n);
  }
  return out;
}

export function validStakes(bets: readonly RoundBet[], rules: Rules): Map<string, bigint> {
  // Stable order (by id) so the remainder split never depends on how rows were read.
  const sorted = [...bets].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out = new Map<string, bigint>();
  const decided = sorted.filter((b) => b.outcome === 'decided');
  for (const b of sorted) out.set(b.id, b.outcome === 'decided' ? b.stake : 0n);

  // Bets of one type covering ≥ 70 % of its outcomes' probability count nothing.
  const byType = new Map<string, RoundBet[]>();
  for (const b of decided) byType.set(b.betType, [...(byType.get(b.betType) ?? []), b]);
  for (const [betType, list] of byType) {
    const picks = [...new Set(list.map((b) => b.pick))];
    const { covered, total } = rules.coverage(betType, picks);
    if (covered * 100 >= total * 70) for (const b of list) out.set(b.id, 0n);
  }

  // Two-way pairs, per pick (a PK10 position's 大 against its own 小): |A − B| on the larger
  // side, nothing on the smaller.
  for (const [x, y] of rules.twoWayPairs) {
    const picks = new Set(decided.filter((b) => b.betType === x).map((b) => b.pick));
    for (const pick of picks) {
      const a = decided.filter((v) => v.betType === x && v.pick === pick && out.get(v.id)! > 0n);
      const b = decided.filter((v) => v.betType === y && v.pick === pick && out.get(v.id)! > 0n);
      if (a.length === 0 || b.length === 0) continue;
      const sa = a.reduce((s, v) => s + v.stake, 0n);
      const sb = b.reduce((s, v) => s + v.stake, 0n);
      const [larger, smaller] = sa >= sb ? [a, b] : [b, a];
      for (const v of smaller) out.set(v.id, 0n);
      const split = splitByWeight(
        sa >= sb ? sa - sb : sb - sa,
        larger.map((v) => ({ id: v.id, weight: v.stake })),
      );
      for (const [id, amount] of split) out.set(id, amount);
    }
  }
  return out;
}
