import type { Queryable } from '@nebula/db';
import { bytesToHex } from '@nebula/protocol';
import type { ChainService } from './chain.service';
import type { ShoeRow } from './table.repository';
import { buildTableShoe, type TableShoe } from './table-shoe.model';

/** Shoes kept in memory: drawing one and building its tree takes a few milliseconds. */
const KEEP = 16;

/**
 * The live tables' shoes inside the venue process (docs/contract.md §10.12): a shoe is drawn
 * from its chain element s_i, which only this process derives; the API shows a position's card
 * once it is dealt, and s_i once the shoe has ended.
 */
export class TableShoes {
  readonly #cache = new Map<string, TableShoe>();

  constructor(private readonly chains: ChainService) {}

  /** The shoe of a chain element (a new shoe's, or one already started). */
  async draw(
    q: Queryable,
    tableCode: string,
    shoeNo: string,
    chainId: string,
    chainIndex: number,
  ): Promise<TableShoe> {
    const key = `${tableCode}:${shoeNo}:${chainId}:${chainIndex}`;
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const seed = await this.chains.seedOf(q, chainId, chainIndex);
    const shoe = buildTableShoe(seed, tableCode, shoeNo);
    this.#cache.set(key, shoe);
    if (this.#cache.size > KEEP) this.#cache.delete(this.#cache.keys().next().value!);
    return shoe;
  }

  of(q: Queryable, s: ShoeRow): Promise<TableShoe> {
    return this.draw(q, s.tableCode, s.shoeNo, s.chainId, s.chainIndex);
  }

  /** s_i in hex: only for a shoe that has just ended (its seed is revealed then). */
  async seedHex(q: Queryable, s: ShoeRow): Promise<string> {
    return bytesToHex(await this.chains.seedOf(q, s.chainId, s.chainIndex));
  }
}
