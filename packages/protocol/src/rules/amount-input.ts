/**
 * contract §8.4 amount input: only digits and one dot, at most `decimals` places (2 by default),
 * a lone dot gives "", "00" gives "0". Run on every keystroke, so it must keep what a user is
 * still typing ("12." stays "12.") and be idempotent (sanitising twice changes nothing).
 *
 * Choices beyond the contract:
 * - full-width digits and the full-width dot (what a Chinese IME may type) count as their ASCII
 *   forms; every other character, "-" and "," included, is dropped;
 * - later dots are dropped, not treated as a new start ("1.2.3" → "1.23");
 * - leading zeros of the whole part collapse ("007" → "7", "00.5" → "0.5");
 * - a leading dot with digits gets a zero ("." then "5" → ".5" → "0.5"), so the field never
 *   shows a number starting with a dot; a lone dot still gives "";
 * - decimals = 0 removes the dot and every place after it ("12.34" → "12").
 */
export function sanitizeAmountInput(raw: string, decimals = 2): string {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`invalid decimals ${decimals}`);
  }
  const kept = normaliseWidth(raw).replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const whole = collapseZeros(dot < 0 ? kept : kept.slice(0, dot));
  if (dot < 0 || decimals === 0) return whole;
  const places = kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  if (whole === '' && places === '') return '';
  return `${whole === '' ? '0' : whole}.${places}`;
}

function normaliseWidth(s: string): string {
  return s.replace(/[\uFF10-\uFF19\uFF0E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

function collapseZeros(digits: string): string {
  const stripped = digits.replace(/^0+/, '');
  return stripped === '' && digits !== '' ? '0' : stripped;
}
