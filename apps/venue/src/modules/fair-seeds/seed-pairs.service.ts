import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import {
  ROUNDS_PER_SERVER_SEED,
  checkClientSeed,
  mustRotate,
  seedCommitment,
} from '@nebula/protocol/fair/player-seeds';
import type {
  RevealedSeedPair,
  RotateSeedResult,
  SeedPairView,
} from '@nebula/protocol/venue/games/index';
import { VenueError } from '../../infra/venue-error';
import type { PlayerRef } from '../sessions/player-ref.types';
import {
  ensureFairPlayer,
  listRevealedPairs,
  readCurrentPair,
  readPairs,
  rotatePair,
  updateClientSeed,
  type LockedPlayer,
  type NewPair,
  type SeedPairRow,
} from './seed-pairs.repository';

export type { LockedPlayer, SeedPairRow } from './seed-pairs.repository';
/** A round's SQL for another module's one statement (a slot spin): see the repository. */
export {
  ROUND_READY,
  roundCheckCtes,
  roundWriteCtes,
  type RoundParams,
} from './seed-pairs.repository';

/** Pairs listed as revealed in the seed view. */
const REVEALED_SHOWN = 20;
/** Players whose current pair a node keeps in mind (the oldest forgotten first). */
const KNOWN_PAIRS = 20_000;

const playerKey = (p: PlayerRef) => `${p.merchant}\n${p.venueCode}\n${p.playerId}`;

/** A fresh pair: 32 random bytes committed by their SHA-256, a random default client seed. */
export function newSeedPair(clientSeed?: string): NewPair {
  const seed = randomBytes(32);
  return {
    serverSeed: seed.toString('hex'),
    commitment: seedCommitment(seed),
    clientSeed: clientSeed ?? randomBytes(12).toString('base64url'),
  };
}

/** PostgreSQL's lock_not_available: another round of the player holds its lock row. */
export const isRoundBusy = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '55P03';

export const revealedView = (p: SeedPairRow): RevealedSeedPair => ({
  serverSeedCommitment: p.commitment,
  serverSeed: p.serverSeed,
  clientSeed: p.clientSeed,
  rounds: p.nonce,
  createdAt: p.createdAt,
  rotatedAt: p.rotatedAt ?? 0,
});

/**
 * Per-player seed pairs (docs/contract.md §10.5), one per venue player, shared by every
 * per-player game: created on first use, the client seed editable, rotated on demand (the old
 * server seed revealed, a new one committed, nonce 0) and by itself after
 * ROUNDS_PER_SERVER_SEED rounds. Every change and every round takes the player's lock row; a
 * change while a round holds it is refused (8143), never queued behind it.
 */
export class SeedPairsService {
  /** Each player's current pair as this node last saw it: a guess the round checks. */
  readonly #known = new Map<string, SeedPairRow>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async view(player: PlayerRef): Promise<SeedPairView> {
    await this.db.tx((q) => ensureFairPlayer(q, player, newSeedPair(), this.now()));
    return this.#view(this.db, player);
  }

  async #view(q: Queryable, player: PlayerRef): Promise<SeedPairView> {
    const current = await readCurrentPair(q, player, 'none');
    if (!current) throw new Error('seed pair missing after ensure');
    const previous = await listRevealedPairs(q, player, REVEALED_SHOWN);
    return {
      serverSeedCommitment: current.pair.commitment,
      clientSeed: current.pair.clientSeed,
      nonce: current.pair.nonce,
      roundsPerServerSeed: ROUNDS_PER_SERVER_SEED,
      createdAt: current.pair.createdAt,
      previous: previous.map(revealedView),
    };
  }

  async setClientSeed(player: PlayerRef, clientSeed: string): Promise<SeedPairView> {
    const check = checkClientSeed(clientSeed);
    if (!check.ok)
      throw new VenueError(ErrorCode.SlotClientSeedInvalid, { problem: check.problem });
    return this.#locked(player, async (q, locked) => {
      await updateClientSeed(q, locked.pair.id, check.clientSeed);
      this.forget(player);
      return this.#view(q, player);
    });
  }

  async rotate(player: PlayerRef): Promise<RotateSeedResult> {
    return this.#locked(player, async (q, locked) => {
      const now = this.now();
      await rotatePair(q, player, locked.pair.id, newSeedPair(locked.pair.clientSeed), now);
      this.forget(player);
      return {
        revealed: revealedView({ ...locked.pair, rotatedAt: now }),
        current: await this.#view(q, player),
      };
    });
  }

  async #locked<T>(player: PlayerRef, fn: (q: Queryable, l: LockedPlayer) => Promise<T>) {
    try {
      return await this.db.tx(async (q) => fn(q, await this.lockForRound(q, player, 'nowait')));
    } catch (err) {
      if (isRoundBusy(err)) throw new VenueError(ErrorCode.SlotSpinUnfinished);
      throw err;
    }
  }

  /** The player's pair under its lock row (created on first use), in the caller's transaction. */
  async lockForRound(
    q: Queryable,
    player: PlayerRef,
    lock: 'wait' | 'nowait',
  ): Promise<LockedPlayer> {
    // The common case first: a player who has a pair is locked in one statement.
    const known = await readCurrentPair(q, player, lock);
    if (known) return known;
    await ensureFairPlayer(q, player, newSeedPair(), this.now());
    const locked = await readCurrentPair(q, player, lock);
    if (!locked) throw new Error('seed pair missing after ensure');
    return locked;
  }

  /**
   * The player's current pair as this node last saw it, read (and made on first use) when it
   * has none in mind. Only a guess: a round drawn from it checks it under the player's lock
   * (`roundCheckCtes`) and answers the pair as committed when it has moved on (another node,
   * a rotation, a new client seed).
   */
  async knownPair(player: PlayerRef): Promise<SeedPairRow> {
    const hit = this.#known.get(playerKey(player));
    if (hit) return hit;
    let current = await readCurrentPair(this.db, player, 'none');
    if (!current) {
      await this.db.tx((q) => ensureFairPlayer(q, player, newSeedPair(), this.now()));
      current = await readCurrentPair(this.db, player, 'none');
    }
    if (!current) throw new Error('seed pair missing after ensure');
    this.remember(player, current.pair);
    return current.pair;
  }

  /** Keeps `pair` in mind as the player's current one. */
  remember(player: PlayerRef, pair: SeedPairRow): void {
    const k = playerKey(player);
    this.#known.delete(k);
    this.#known.set(k, pair);
    if (this.#known.size > KNOWN_PAIRS) {
      const oldest = this.#known.keys().next().value;
      if (oldest !== undefined) this.#known.delete(oldest);
    }
  }

  forget(player: PlayerRef): void {
    this.#known.delete(playerKey(player));
  }

  /** After the pair's last round (nonce 999) the pair rotates with that round. */
  async finishRound(q: Queryable, player: PlayerRef, pair: SeedPairRow, at: number) {
    if (mustRotate(pair.nonce + 1)) {
      await rotatePair(q, player, pair.id, newSeedPair(pair.clientSeed), at);
    }
  }

  /** Pairs by id (a spin's proof shows the server seed once its pair is rotated). */
  pairs(q: Queryable, ids: readonly string[]): Promise<SeedPairRow[]> {
    return readPairs(q, [...new Set(ids)]);
  }
}
