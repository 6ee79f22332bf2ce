/**
 * Money is an integer number of fen (1 yuan = 100 fen) held as `bigint` (contract §2: BIGINT
 * inside, a decimal string on the wire, never a float). Nothing here divides a Number: a float
 * cannot hold 0.1 exactly, and amounts above 2^53 fen would silently lose fen.
 *
 * COIN, the site currency, is whole units, also `bigint`.
 */

export class MoneyFormatError extends Error {
  override readonly name = 'MoneyFormatError';
  constructor(readonly input: string) {
    super(`invalid money ${JSON.stringify(input)}`);
  }
}

/**
 * The one accepted spelling of an amount: no sign, exponent, spaces, leading zeros or more than
 * two places. The wire schemas (`moneyString` in api/core/common, `coinString` in api/wallet/wallet.schemas)
 * additionally cap it at MAX_WIRE_FEN / MAX_WIRE_COIN.
 */
const MONEY_TEXT = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;
const COIN_TEXT = /^(0|[1-9]\d*)$/;
const FEN_PER_YUAN = 100n;

export function isMoneyString(s: string): boolean {
  return MONEY_TEXT.test(s);
}

/**
 * The largest amount the API takes or gives: Number.MAX_SAFE_INTEGER fen (90071992547409.91
 * yuan), and as many COIN units. Far above any real order, yet a client that ever turns an
 * amount into a Number still keeps every fen, and any sum of a few amounts fits a BIGINT.
 */
export const MAX_WIRE_FEN = 9_007_199_254_740_991n;
export const MAX_WIRE_COIN = 9_007_199_254_740_991n;

/** Money as the API accepts it: the money grammar and at most MAX_WIRE_FEN. */
export function isWireMoney(s: string): boolean {
  return MONEY_TEXT.test(s) && parseMoney(s) <= MAX_WIRE_FEN;
}

/** COIN as the API accepts it: whole units, at most MAX_WIRE_COIN. */
export function isWireCoin(s: string): boolean {
  return COIN_TEXT.test(s) && BigInt(s) <= MAX_WIRE_COIN;
}

/** "1234.5" → 123450n. Throws MoneyFormatError for anything but MONEY_TEXT. */
export function parseMoney(s: string): bigint {
  const match = MONEY_TEXT.exec(s);
  if (!match) throw new MoneyFormatError(s);
  const [, yuan = '0', fen = ''] = match;
  return BigInt(yuan) * FEN_PER_YUAN + BigInt(fen.padEnd(2, '0'));
}

/** Fen → yuan with exactly two places, signed: 10000n → "100.00", -5n → "-0.05". */
export function formatMoney(fen: bigint): string {
  const abs = fen < 0n ? -fen : fen;
  const yuan = abs / FEN_PER_YUAN;
  const rest = (abs % FEN_PER_YUAN).toString().padStart(2, '0');
  return `${fen < 0n ? '-' : ''}${yuan.toString()}.${rest}`;
}

/**
 * Fen → the wire form of an amount: two places, and never negative, because the API refuses
 * signed money (a refund or debit is a direction, not a negative amount).
 */
export function fenToYuanString(fen: bigint): string {
  if (fen < 0n) throw new RangeError(`negative amount ${fen.toString()} fen has no wire form`);
  return formatMoney(fen);
}

/** Whole COIN units: "1200" → 1200n; decimals, signs and leading zeros are refused. */
export function parseCoinUnits(s: string): bigint {
  if (!COIN_TEXT.test(s)) throw new MoneyFormatError(s);
  return BigInt(s);
}

/** COIN units → text, plain digits (no separators: the UI groups with formatCoin). */
export function formatCoinUnits(units: bigint): string {
  return units.toString();
}

export function isCoinUnitsString(s: string): boolean {
  return COIN_TEXT.test(s);
}

/**
 * CNY fen credited for a USDT amount at the operator's rate (CNY per USDT), rounded down to the
 * fen (contract §5): hundredths of USDT × fen per USDT / 100. 10.01 USDT at 7.23 → 7237n (¥72.37).
 * Both amounts are in hundredths, as parseMoney reads them.
 */
export function usdtCreditFen(usdtHundredths: bigint, rateFen: bigint): bigint {
  return (usdtHundredths * rateFen) / 100n;
}
