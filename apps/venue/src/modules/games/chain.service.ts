import { randomBytes } from 'node:crypto';
import type { Queryable } from '@nebula/db';
import {
  bytesToHex,
  chainCheckpoints,
  chainCommitment,
  deriveLink,
  hexToBytes,
} from '@nebula/protocol';
import {
  advanceIndex,
  insertChain,
  listChains,
  lockChainInUse,
  lockGameChains,
  nearestLink,
  type ChainRow,
} from './chain.repository';

export interface ChainSettings {
  /** N: rounds per chain (10,000 in the demo: about a week of one-minute draws). */
  length: number;
  /** A checkpoint every this many links, so deriving s_i walks fewer than this many hashes. */
  checkpointEvery: number;
  /** The next chain is published once the one in use has fewer rounds left than this. */
  publishAhead: number;
}

export const DEMO_CHAIN: ChainSettings = {
  length: 10_000,
  checkpointEvery: 100,
  publishAhead: 1_440,
};

/**
 * The games' hash chains (docs/contract.md §10.6): publishing one (a random s_N from
 * node:crypto, s_0 published, checkpoints kept apart), handing each new round the next index,
 * and deriving a round's seed when it is drawn. Every method runs in the caller's transaction.
 */
export class ChainService {
  constructor(
    private readonly now: () => number,
    readonly settings: ChainSettings = DEMO_CHAIN,
  ) {}

  async publish(q: Queryable, gameCode: string): Promise<ChainRow> {
    await lockGameChains(q, gameCode);
    const chains = await listChains(q, gameCode);
    const seq = (chains.at(-1)?.seq ?? 0) + 1;
    const { length, checkpointEvery } = this.settings;
    const secret = new Uint8Array(randomBytes(32));
    const links = new Map<number, string>();
    for (const [k, link] of chainCheckpoints(secret, length, checkpointEvery)) {
      links.set(k, bytesToHex(link));
    }
    const row: ChainRow = {
      chainId: `${gameCode}-${seq}`,
      gameCode,
      seq,
      length,
      commitment: bytesToHex(chainCommitment(secret, length)),
      nextIndex: 0,
      publishedAt: this.now(),
    };
    await insertChain(q, row, links);
    return row;
  }

  /** The next index for a round being created (publishing the first chain if there is none). */
  async assignIndex(q: Queryable, gameCode: string): Promise<{ chainId: string; index: number }> {
    const chain = (await lockChainInUse(q, gameCode)) ?? (await this.publish(q, gameCode));
    return { chainId: chain.chainId, index: await advanceIndex(q, chain.chainId) };
  }

  /** Rounds left before every published chain of the game is used up. */
  async roundsLeft(q: Queryable, gameCode: string): Promise<number> {
    const chains = await listChains(q, gameCode);
    return chains.reduce((n, c) => n + c.length - c.nextIndex, 0);
  }

  /** Publishes the next chain when the ones published run low; true when it did. */
  async publishAhead(q: Queryable, gameCode: string): Promise<boolean> {
    if ((await this.roundsLeft(q, gameCode)) >= this.settings.publishAhead) return false;
    await this.publish(q, gameCode);
    return true;
  }

  /** s_i of a chain: only for a round being drawn or voided (its seed is revealed then). */
  async seedOf(q: Queryable, chainId: string, index: number): Promise<Uint8Array> {
    const near = await nearestLink(q, chainId, index);
    if (!near) throw new RangeError(`chain ${chainId} has no link at or above ${index}`);
    return deriveLink(hexToBytes(near.link), near.idx, index);
  }
}
