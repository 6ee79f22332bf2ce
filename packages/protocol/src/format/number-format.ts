import { MoneyFormatError } from '../money/fen';

/**
 * contract §8.5 number format: en-US, thousands separators, exactly 2 decimals ("1,234,567.89");
 * some helpers truncate instead of rounding. Implemented on digit strings and bigint rather
 * than Intl.NumberFormat because Intl takes a Number: a decimal string above 2^53 or with many
 * places would be rounded as a float before it is formatted.
 *
 * Rounding is half up in magnitude (half away from zero, like Intl's default "halfExpand"):
 * "0.005" → "0.01", "-0.005" → "-0.01". A result of zero never carries a sign ("-0.001" → "0.00").
 */

const DECIMAL_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/;

/** "1234567" → "1,234,567"; expects plain digits. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Signed hundredths → "1,234.50". */
function formatHundredths(hundredths: bigint): string {
  const abs = hundredths < 0n ? -hundredths : hundredths;
  const whole = groupThousands((abs / 100n).toString());
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${hundredths < 0n ? '-' : ''}${whole}.${rest}`;
}

/**
 * A decimal string → signed hundredths, rounded or truncated at the second place. Accepts
 * any number of places, leading zeros, "1." and ".5", an optional leading minus; refuses
 * anything else (plus signs, exponents, separators, spaces), since a display helper fed
 * something else has a bug upstream worth seeing.
 */
function toHundredths(value: string, round: boolean): bigint {
  const match = DECIMAL_TEXT.exec(value);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) throw new MoneyFormatError(value);
  let hundredths = BigInt(whole || '0') * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (round && (fraction[2] ?? '0') >= '5') hundredths += 1n;
  return sign === '-' ? -hundredths : hundredths;
}

/**
 * Formats an amount for display, rounding half up to 2 places. A string is a decimal amount in
 * yuan ("-1234.567" → "-1,234.57"); a bigint is fen (123450n → "1,234.50"). Numbers are not
 * accepted on purpose: money must never pass through a float.
 */
export function formatAmount(value: string | bigint): string {
  return typeof value === 'bigint' ? formatFen(value) : formatHundredths(toHundredths(value, true));
}

/** Like formatAmount, but drops places beyond the second ("0.009" → "0.00", "-1.999" → "-1.99"). */
export function formatAmountTruncated(value: string | bigint): string {
  return typeof value === 'bigint'
    ? formatFen(value)
    : formatHundredths(toHundredths(value, false));
}

/** Fen → "1,234.50" (exact: fen already are hundredths). */
export function formatFen(fen: bigint): string {
  return formatHundredths(fen);
}

/** Whole COIN units → "1,200" (no decimals: COIN has none). */
export function formatCoin(units: bigint): string {
  const abs = units < 0n ? -units : units;
  return `${units < 0n ? '-' : ''}${groupThousands(abs.toString())}`;
}
