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
  beginRound,
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

/** Pairs listed as revealed in the seed view. */
const REVEALED_SHOWN = 20;

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
      return this.#view(q, player);
    });
  }

  async rotate(player: PlayerRef): Promise<RotateSeedResult> {
    return this.#locked(player, async (q, locked) => {
      const now = this.now();
      await rotatePair(q, player, locked.pair.id, newSeedPair(locked.pair.clientSeed), now);
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
   * Begins a round of the player in the caller's transaction: its pair (created on first use)
   * under its lock row, taken at once or refused (55P03), with the round's nonce (`pair.nonce`,
   * already moved on in the row) and the previous round's start.
   */
  async beginRound(q: Queryable, player: PlayerRef, at: number): Promise<LockedPlayer> {
    const begun = await beginRound(q, player, at);
    if (begun) return begun;
    await ensureFairPlayer(q, player, newSeedPair(), this.now());
    const first = await beginRound(q, player, at);
    if (!first) throw new Error('seed pair missing after ensure');
    return first;
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
