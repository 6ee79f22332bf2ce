import { randomInt } from 'node:crypto';
import { shanghaiDate } from './shanghai-time';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** D/W + Shanghai date + 10 random characters: sortable by day, unguessable. */
export function newOrderId(prefix: 'D' | 'W', now: number): string {
  let tail = '';
  for (let i = 0; i < 10; i += 1) tail += ALPHABET[randomInt(0, ALPHABET.length)];
  return `${prefix}${shanghaiDate(now).replaceAll('-', '')}${tail}`;
}
