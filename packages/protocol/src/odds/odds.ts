/**
 * Odds types and conversions (contract §8.2: Malay 1, Hongkong 2, Europe 3, Indonesia 4).
 *
 * The canonical form, stored and compared by the sportsbook, is Europe (decimal) odds as an
 * integer number of thousandths ("milli"): 1.950 → 1950. Every type is handled in milli, so all
 * arithmetic is on integers; the only inexact step is the reciprocal of the Malay / Indonesian
 * negative branch, rounded explicitly half away from zero (−0.6665 → −0.667, 0.6665 → 0.667).
 *
 *   HK = EU − 1
 *   Malay = HK when HK ≤ 1, else −1/HK      (range [−1, 0) ∪ (0, 1])
 *   Indo  = HK when HK ≥ 1, else −1/HK      (range (−∞, −1] ∪ [1, ∞))
 *
 * At HK exactly 1 both forms meet: Malay 1 and −1 are both HK 1, as are Indo 1 and −1; the
 * conversion from HK produces +1 in both cases.
 *
 * Domain: 1 < EU ≤ 1001 (HK up to 1000). The cap keeps every reciprocal at least one thousandth
 * (Malay −0.001 is HK 1000), so no value ever rounds to 0 and loses its sign.
 */

export const OddsType = {
  Malay: 1,
  Hongkong: 2,
  Europe: 3,
  Indonesia: 4,
} as const;
export type OddsType = (typeof OddsType)[keyof typeof OddsType];

export function isOddsType(value: unknown): value is OddsType {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

export const ODDS_MILLI = 1000;
/** Smallest canonical odds: EU 1.001 (EU must be above 1). */
export const ODDS_EUROPE_MILLI_MIN = 1001;
/** Largest canonical odds: EU 1001.000, i.e. HK 1000. */
export const ODDS_EUROPE_MILLI_MAX = 1_001_000;
const HK_MAX = ODDS_EUROPE_MILLI_MAX - ODDS_MILLI;
/** 1 expressed in milli, squared: the numerator of a reciprocal in milli (1/x → 10^6 / x). */
const ONE_SQUARED = ODDS_MILLI * ODDS_MILLI;

export class OddsError extends Error {
  override readonly name = 'OddsError';
}

/**
 * num / den rounded half away from zero, for safe integers. `%` and the subtraction are exact
 * on integers, so no floating-point quotient is ever rounded implicitly.
 */
export function divRoundHalfAwayFromZero(num: number, den: number): number {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den === 0) {
    throw new RangeError(`divRoundHalfAwayFromZero(${num}, ${den})`);
  }
  const a = Math.abs(num);
  const b = Math.abs(den);
  const remainder = a % b;
  let quotient = (a - remainder) / b;
  if (remainder * 2 >= b) quotient += 1;
  return num < 0 !== den < 0 && quotient !== 0 ? -quotient : quotient;
}

function check(ok: boolean, what: string, milli: number): void {
  if (!ok || !Number.isSafeInteger(milli)) throw new OddsError(`invalid ${what} odds ${milli}`);
}

// ---- pairwise conversions, all in milli ---------------------------------------------------

export function europeToHongkong(eu: number): number {
  check(eu >= ODDS_EUROPE_MILLI_MIN && eu <= ODDS_EUROPE_MILLI_MAX, 'Europe', eu);
  return eu - ODDS_MILLI;
}

export function hongkongToEurope(hk: number): number {
  check(hk >= 1 && hk <= HK_MAX, 'Hongkong', hk);
  return hk + ODDS_MILLI;
}

export function hongkongToMalay(hk: number): number {
  check(hk >= 1 && hk <= HK_MAX, 'Hongkong', hk);
  return hk <= ODDS_MILLI ? hk : -divRoundHalfAwayFromZero(ONE_SQUARED, hk);
}

export function malayToHongkong(my: number): number {
  check(my !== 0 && my >= -ODDS_MILLI && my <= ODDS_MILLI, 'Malay', my);
  return my > 0 ? my : divRoundHalfAwayFromZero(ONE_SQUARED, -my);
}

export function hongkongToIndonesia(hk: number): number {
  check(hk >= 1 && hk <= HK_MAX, 'Hongkong', hk);
  return hk >= ODDS_MILLI ? hk : -divRoundHalfAwayFromZero(ONE_SQUARED, hk);
}

export function indonesiaToHongkong(id: number): number {
  const inRange = (id >= ODDS_MILLI && id <= HK_MAX) || (id <= -ODDS_MILLI && id >= -ONE_SQUARED);
  check(inRange, 'Indonesia', id);
  return id > 0 ? id : divRoundHalfAwayFromZero(ONE_SQUARED, -id);
}

// ---- generic conversions ------------------------------------------------------------------

/** Canonical Europe milli → the same odds in `type`, in milli. */
export function fromEuropeMilli(eu: number, type: OddsType): number {
  const hk = europeToHongkong(eu);
  switch (type) {
    case OddsType.Europe:
      return eu;
    case OddsType.Hongkong:
      return hk;
    case OddsType.Malay:
      return hongkongToMalay(hk);
    case OddsType.Indonesia:
      return hongkongToIndonesia(hk);
  }
}

/** Odds in `type` (milli) → canonical Europe milli. */
export function toEuropeMilli(milli: number, type: OddsType): number {
  switch (type) {
    case OddsType.Europe:
      return hongkongToEurope(europeToHongkong(milli));
    case OddsType.Hongkong:
      return hongkongToEurope(milli);
    case OddsType.Malay:
      return hongkongToEurope(malayToHongkong(milli));
    case OddsType.Indonesia:
      return hongkongToEurope(indonesiaToHongkong(milli));
  }
}

export function convertOddsMilli(milli: number, from: OddsType, to: OddsType): number {
  return fromEuropeMilli(toEuropeMilli(milli, from), to);
}

export function isValidOddsMilli(milli: number, type: OddsType): boolean {
  try {
    toEuropeMilli(milli, type);
    return true;
  } catch {
    return false;
  }
}

// ---- display ------------------------------------------------------------------------------

/**
 * Decimals shown per type. Europe and Hongkong show 2, the sportsbook convention; the engine
 * prices in hundredths (canonical milli a multiple of 10), so those displays are exact. Malay
 * and Indonesia show 3 because their reciprocal branch is only meaningful to the thousandth
 * (HK 1.50 is Malay −0.667). Odds acceptance always compares canonical milli, never display.
 */
export function oddsDisplayDecimals(type: OddsType): 2 | 3 {
  return type === OddsType.Europe || type === OddsType.Hongkong ? 2 : 3;
}

/** A signed milli value as a decimal string with 3 or 2 places (2: rounded half away from 0). */
export function formatOddsMilli(milli: number, decimals: 2 | 3): string {
  if (!Number.isSafeInteger(milli)) throw new OddsError(`invalid odds ${milli}`);
  const scaled = decimals === 3 ? milli : divRoundHalfAwayFromZero(milli, 10);
  const unit = decimals === 3 ? 1000 : 100;
  const abs = Math.abs(scaled);
  const fraction = String(abs % unit).padStart(decimals, '0');
  return `${scaled < 0 ? '-' : ''}${(abs - (abs % unit)) / unit}.${fraction}`;
}

const ODDS_TEXT = /^(-?)(0|[1-9]\d{0,6})(?:\.(\d{1,3}))?$/;

/** A decimal string with at most 3 places (optional leading minus) → signed milli. */
export function parseOddsMilli(value: string): number {
  const match = ODDS_TEXT.exec(value);
  if (!match) throw new OddsError(`invalid odds text ${JSON.stringify(value)}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const milli = Number(whole) * ODDS_MILLI + Number(fraction.padEnd(3, '0'));
  return sign === '-' ? -milli : milli;
}

/** Canonical Europe milli → the text shown for `type` ("1.95", "-0.667"). */
export function europeMilliToDisplay(milli: number, type: OddsType): string {
  return formatOddsMilli(fromEuropeMilli(milli, type), oddsDisplayDecimals(type));
}

/** Odds text in `type` (up to 3 places whatever the type) → canonical Europe milli. */
export function displayToEuropeMilli(value: string, type: OddsType): number {
  return toEuropeMilli(parseOddsMilli(value), type);
}
