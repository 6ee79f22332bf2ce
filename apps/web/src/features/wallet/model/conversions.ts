import { parseCoinUnits, parseMoney, usdtCreditFen as credit } from '@nebula/protocol/money/fen';

/**
 * The previews of money screens, computed exactly as the server books them (bigint, never a
 * float), so the figure a member confirms is the figure that arrives.
 */

/**
 * CNY fen credited for a USDT amount at the operator's rate (CNY per USDT), rounded down to
 * the fen: hundredths of USDT × fen per USDT / 100. "10.01" × "7.23" → 7237n (¥72.37).
 */
export function usdtCreditFen(usdt: string, rate: string): bigint {
  return credit(parseMoney(usdt), parseMoney(rate));
}

/** CNY fen a purchase of whole COIN costs at the site rate (CNY per COIN): coins × rate. */
export function coinCostFen(coins: string, rate: string): bigint {
  return parseCoinUnits(coins) * parseMoney(rate);
}

/** The most whole COIN a main balance pays for at the rate (0 when the rate is 0). */
export function coinsAffordable(mainFen: bigint, rate: string): bigint {
  const rateFen = parseMoney(rate);
  return rateFen === 0n ? 0n : mainFen / rateFen;
}
