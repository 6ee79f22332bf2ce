import {
  MAX_WIRE_COIN,
  MAX_WIRE_FEN,
  isCoinUnitsString,
  parseCoinUnits,
  parseMoney,
} from '@nebula/protocol/money/fen';

/**
 * What is wrong with an amount typed into a money field (already through the contract §8.4
 * sanitizer), compared in bigint fen — or whole units for COIN — never as a float.
 */
export type AmountProblem = 'empty' | 'zero' | 'belowMin' | 'aboveMax' | 'tooLarge';

export interface AmountBounds {
  /** Decimal strings in the field's unit; absent or null: no bound. */
  min?: string | null;
  max?: string | null;
  /** 2 for money, 0 for COIN (whole units). */
  decimals?: number;
}

/** The value to send: what was typed, without a dangling dot ("12." → "12"). */
export function wireAmount(value: string): string {
  return value.endsWith('.') ? value.slice(0, -1) : value;
}

/** The amount as an integer in its smallest unit (fen, or COIN units), or null when empty. */
export function amountUnits(value: string, decimals = 2): bigint | null {
  const wire = wireAmount(value);
  if (wire === '') return null;
  if (decimals === 0) return isCoinUnitsString(wire) ? parseCoinUnits(wire) : null;
  try {
    return parseMoney(wire);
  } catch {
    return null;
  }
}

export function amountProblem(value: string, bounds: AmountBounds = {}): AmountProblem | null {
  const decimals = bounds.decimals ?? 2;
  const units = amountUnits(value, decimals);
  if (units === null) return 'empty';
  // The API's cap (protocol money/fen): the server would refuse anything above it.
  if (units > (decimals === 0 ? MAX_WIRE_COIN : MAX_WIRE_FEN)) return 'tooLarge';
  if (units === 0n) return 'zero';
  if (bounds.min && units < (amountUnits(bounds.min, decimals) ?? 0n)) return 'belowMin';
  if (bounds.max && units > (amountUnits(bounds.max, decimals) ?? units)) return 'aboveMax';
  return null;
}

/** The smaller of two decimal amounts (for MAX: the balance or the limit, whichever is lower). */
export function minAmount(...values: bigint[]): bigint {
  return values.reduce((low, value) => (value < low ? value : low));
}
