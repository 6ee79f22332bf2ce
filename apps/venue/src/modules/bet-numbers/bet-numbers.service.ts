import type { Queryable } from '@nebula/db';
import { takeBlocks } from './bet-numbers.repository';

export const BLOCK = 1000;
const SPACE = 10_000_000_000n;
/**
 * An affine bijection of [0, 10^10): numbers in a row do not look in a row on the bet slips
 * (this hides nothing — a bet is only ever shown to its own player — it only reads better).
 * The factor is prime to 10^10, so no two values meet.
 */
const FACTOR = 7_919_990_131n;
const OFFSET = 3_141_592_653n;

/** The Shanghai date as yymmdd: the first six digits of a bet number members can copy. */
function dayOf(now: number): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(2, 10).replaceAll('-', '');
}

/** The ten digits after the date for the sequence value `n`. */
export function scramble(n: bigint): string {
  return (((((n % SPACE) * FACTOR) % SPACE) + OFFSET) % SPACE).toString().padStart(10, '0');
}

/**
 * Bet numbers: the Shanghai date and ten digits from the venue's sequence, unique across nodes
 * and restarts for 10^10 bets (a block of 1,000 is taken at a time and kept by this process;
 * the numbers of a block a process dies with are never used). Taken inside the caller's
 * transaction — on PGlite, its one connection — so it never waits on another query.
 */
export class BetNumbers {
  #next = 0n;
  #end = 0n;

  async take(q: Queryable, now: number, count = 1): Promise<string[]> {
    const day = dayOf(now);
    const out: string[] = [];
    while (out.length < count) {
      if (this.#next === this.#end) {
        // Another caller may refill at the same time: each keeps the block it got, and what
        // is left of an overwritten one is never handed out.
        const [first] = await takeBlocks(q, 1);
        this.#next = first!;
        this.#end = first! + BigInt(BLOCK);
      }
      out.push(`${day}${scramble(this.#next)}`);
      this.#next += 1n;
    }
    return out;
  }

  async one(q: Queryable, now: number): Promise<string> {
    return (await this.take(q, now, 1))[0]!;
  }
}

const perDb = new WeakMap<object, BetNumbers>();

/** The process's allocator for this database (its blocks come from that database's sequence). */
export function betNumbersOf(db: object): BetNumbers {
  let n = perDb.get(db);
  if (!n) perDb.set(db, (n = new BetNumbers()));
  return n;
}
