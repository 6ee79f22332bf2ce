import { DEFAULT_COUNTRY_CODE } from '../constants/constants';

/**
 * contract §8.4 phone masking: the first 2 and the last 2 characters stay, every character between
 * becomes "*", so the length is kept ("13800138000" → "13*******00"). Counted by code point.
 * A value of 4 characters or fewer would be shown whole by that rule, so it is masked
 * entirely instead ("1234" → "****"): a mask must never reveal the full value.
 */
export function maskPhone(s: string): string {
  const chars = Array.from(s);
  if (chars.length <= 4) return '*'.repeat(chars.length);
  return `${chars.slice(0, 2).join('')}${'*'.repeat(chars.length - 4)}${chars.slice(-2).join('')}`;
}

/**
 * contract §8.2 phone display: "(+86)13800138000". A country code given with its "+" is accepted
 * ("+852"); an empty one falls back to the default 86, since pre-info may send "".
 */
export function formatPhoneDisplay(
  number: string,
  countryCode: string = DEFAULT_COUNTRY_CODE,
): string {
  const code = countryCode.trim().replace(/^\+/, '') || DEFAULT_COUNTRY_CODE;
  return `(+${code})${number.trim()}`;
}
