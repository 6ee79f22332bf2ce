import { formatFen } from '@nebula/protocol/format/number-format';
import { formatMoney, isMoneyString, parseMoney } from '@nebula/protocol/money/fen';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import type { H5Meta } from '@nebula/protocol/venue/h5-meta';

/** Fen of a typed stake, 0 when it is not (yet) an amount. */
export function stakeFen(stake: string): bigint {
  return isMoneyString(stake) ? parseMoney(stake) : 0n;
}

/** What a stake returns if every leg wins at these prices, rounded down to the fen (the venue's rule). */
export function returnFen(stake: bigint, odds: readonly number[]): bigint {
  return stake > 0n
    ? betReturnFen(
        stake,
        odds.map((oddsMilli) => ({ oddsMilli, result: 'open' as const })),
      )
    : 0n;
}

/** The combined odds of a parlay in thousandths (the product, rounded down like the return). */
export function combinedMilli(odds: readonly number[]): number {
  return Number(returnFen(100_000n, odds) / 100n);
}

/**
 * MAX: the largest stake the venue would take for these prices — within the stake limit, the
 * payout limit (win = stake × (odds − 1)) and the balance left for this bet.
 */
export function maxStakeFen(
  odds: readonly number[],
  limits: H5Meta['limits'] | undefined,
  available: bigint,
): bigint {
  let max = available;
  if (limits) {
    max = max < parseMoney(limits.maxStake) ? max : parseMoney(limits.maxStake);
    const perUnit = BigInt(combinedMilli(odds));
    if (perUnit > 1000n) {
      const byPayout = (parseMoney(limits.maxPayout) * 1000n) / (perUnit - 1000n);
      if (byPayout < max) max = byPayout;
    }
  }
  // Whole yuan: what members type, and never above the venue's own arithmetic.
  max -= max % 100n;
  return max > 0n ? max : 0n;
}

/** Fen for display: "1,234.50". */
export const yuan = (fen: bigint) => formatFen(fen);

/** Fen as a stake to type: "1234", or "1234.5" when it has fen. */
export const stakeText = (fen: bigint) => formatMoney(fen).replace(/\.00$/, '');
