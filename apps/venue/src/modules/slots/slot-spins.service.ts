import { createHash } from 'node:crypto';
import type { Db } from '@nebula/db';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import { mustRotate } from '@nebula/protocol/fair/player-seeds';
import type {
  SlotGamesList,
  SpinHistory,
  SpinHistoryQuery,
  SpinRequest,
  SpinResult,
} from '@nebula/protocol/venue/games/index';
import type { GameFamily } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';
import { isRoundBusy, type SeedPairsService } from '../fair-seeds/seed-pairs.service';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import { SLOT_GAMES, slotGame, slotGameView, type SlotGame } from './slot-games';
import { draftSpin, type SpinDraft } from './slot-spin-draft';
import { writeSpin, type SpinWritten } from './slot-spin-write.repository';
import { findSpin, findSpinByKey, listSpins, type SpinRow } from './slot-spins.repository';
import { spinHistoryItem, spinResultView } from './slot-view.model';
import { betNumbersOf } from '../bet-numbers/bet-numbers.service';
import type { StakeAllowance } from '../allowance/allowance.service';

/** Thrown in a spin's transaction when its statement wrote nothing: it rolls back. */
class NotWritten extends Error {
  constructor(readonly written: SpinWritten) {
    super('the spin was not written');
  }
}

/** Spins drawn again when the pair moved on under them, before giving up (8143). */
const MAX_ATTEMPTS = 4;

/** PostgreSQL's unique_violation: the spin's request key is the player's already. */
const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

export interface SlotSpinOptions {
  /** The minimum spin cycle per player (2,500 ms; 0 only where the configuration allows). */
  minCycleMs: number;
  /** Test hook: die inside the N-th spin after its debit, before its commit. */
  crashAtSpin: number | null;
}

/**
 * Paid spins of the house slots (docs/contract.md §10.13). One statement per spin: the
 * player's seed-pair lock row taken at once (a spin while another is under way is refused,
 * 8143 — unless it is the same tap, which then answers the first), the pair the outcome was
 * drawn from and the minimum cycle checked under it, the bet debited and the whole feature's
 * win credited through the venue ledger's fragment, the spin and its venue bet (settled at
 * once, in the merchant feed) written, the nonce moved on. A refusal writes nothing.
 */
export class SlotSpinsService {
  #spins = 0;

  constructor(
    private readonly db: Db,
    private readonly ledger: VenueLedger,
    private readonly seeds: SeedPairsService,
    private readonly gameFamilyOf: ReadonlyMap<string, GameFamily>,
    private readonly now: () => number,
    private readonly opts: SlotSpinOptions,
    /** The platform's loss and wager allowance (allowance.service.ts), taken with the debit. */
    private readonly allowance: StakeAllowance | null = null,
  ) {}

  /** A slot game the player's venue offers (the DZ game venues only), else 8140. */
  game(player: PlayerRef | null, gameCode: string): SlotGame {
    const g = slotGame(gameCode);
    if (!g || (player && this.gameFamilyOf.get(player.venueCode) !== 'DZ')) {
      throw new VenueError(ErrorCode.SlotGameUnknown);
    }
    return g;
  }

  /** The slots of the player's DZ venue with their par sheets' hashes and figures. */
  list(player: PlayerRef): SlotGamesList {
    if (this.gameFamilyOf.get(player.venueCode) !== 'DZ') {
      throw new VenueError(ErrorCode.SlotGameUnknown);
    }
    return { games: SLOT_GAMES.map(slotGameView) };
  }

  async spin(player: PlayerRef, req: SpinRequest): Promise<SpinResult> {
    const game = this.game(player, req.gameCode);
    const lineBet = parseMoney(req.lineBet);
    if (!game.parSheet.lineBetsFen.some((f) => BigInt(f) === lineBet)) {
      throw new VenueError(ErrorCode.SlotLineBetInvalid, {
        lineBets: game.parSheet.lineBetsFen.map((f) => fenToYuanString(BigInt(f))),
      });
    }
    const requestHash = createHash('sha256')
      .update(JSON.stringify([game.code, String(lineBet)]))
      .digest('hex');
    try {
      return await this.#spin(player, game, lineBet, req, requestHash);
    } catch (err) {
      // A retry answers the first spin whatever has changed since (the balance, the cycle,
      // the seeds): the key is looked up only when this attempt spun nothing.
      // A key the player has used fails the spin's statement whole (its unique key).
      if (
        isUniqueViolation(err) ||
        (err instanceof VenueError && err.code !== ErrorCode.SlotRequestConflict)
      ) {
        const first = await findSpinByKey(this.db, player, req.requestKey);
        if (first) return this.#answer(first, requestHash);
      }
      if (isRoundBusy(err)) {
        // A double tap: wait for the spin under way; when it was this tap, answer it.
        const first = await this.db.tx(async (q) => {
          await this.seeds.lockForRound(q, player, 'wait');
          return findSpinByKey(q, player, req.requestKey);
        });
        if (first) return this.#answer(first, requestHash);
        throw new VenueError(ErrorCode.SlotSpinUnfinished);
      }
      throw err;
    }
  }

  /**
   * Draws the spin from the pair this node believes current and writes it in one statement
   * (slot-spin-write.repository.ts) on its own, no transaction around it: one round trip. The
   * statement answers the pair as committed when the guess was wrong, and the spin is drawn
   * again from it. A transaction is opened only when the statement cannot do it all: a
   * player's allowance (its stakes are read under its lock, after the debit, as placement
   * does), the pair's last round (it rotates with it), and the crash test's spin.
   */
  async #spin(
    player: PlayerRef,
    game: SlotGame,
    lineBet: bigint,
    req: SpinRequest,
    requestHash: string,
  ): Promise<SpinResult> {
    const now = this.now();
    const betId = await betNumbersOf(this.db).one(this.db, now);
    let pair = await this.seeds.knownPair(player);
    let inTx = false;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const d = draftSpin(this.ledger, {
        player,
        game,
        lineBet,
        requestKey: req.requestKey,
        requestHash,
        pair,
        betId,
        now,
        minCycleMs: this.opts.minCycleMs,
      });
      const w = await this.#write(player, d, inTx);
      if (w.id !== null && w.balanceAfter !== null) {
        const rotated = mustRotate(pair.nonce + 1);
        if (rotated) this.seeds.forget(player);
        else this.seeds.remember(player, { ...pair, nonce: pair.nonce + 1 });
        const row: SpinRow = { ...d.write.spin, id: w.id, balanceAfter: w.balanceAfter };
        return spinResultView(row, { ...pair, rotatedAt: rotated ? now : null }, d.screens);
      }
      if (!w.locked || !w.pair) {
        // No lock row (a first round, or a database that lost it): read and make it, again.
        this.seeds.forget(player);
        pair = await this.seeds.knownPair(player);
        continue;
      }
      if (
        w.pair.id !== pair.id ||
        w.pair.nonce !== pair.nonce ||
        w.pair.clientSeed !== pair.clientSeed
      ) {
        pair = w.pair;
        this.seeds.remember(player, pair);
        continue;
      }
      if (!w.ready) {
        const last = w.lastRoundAt ?? now;
        throw new VenueError(ErrorCode.SlotSpinTooSoon, {
          waitMs: this.opts.minCycleMs - (now - last),
        });
      }
      if (w.allowance) {
        inTx = true;
        continue;
      }
      throw new VenueError(ErrorCode.SlotBalanceInsufficient);
    }
    // The pair kept moving under this spin: other spins of the player are under way.
    throw new VenueError(ErrorCode.SlotSpinUnfinished);
  }

  /** The draft's statement alone, or in a transaction with what the statement cannot do. */
  async #write(player: PlayerRef, d: SpinDraft, inTx: boolean): Promise<SpinWritten> {
    const rotates = mustRotate(d.pair.nonce + 1);
    const crashes = this.#spins + 1 === this.opts.crashAtSpin;
    if (!inTx && !rotates && !crashes) {
      const w = await writeSpin(this.db, {
        ...d.write,
        allowanceByCaller: this.allowance === null,
      });
      if (w.id !== null) this.#spins += 1;
      return w;
    }
    try {
      return await this.db.tx(async (q) => {
        const w = await writeSpin(q, { ...d.write, allowanceByCaller: true });
        // Nothing written: roll back and let the caller see why.
        if (w.id === null) throw new NotWritten(w);
        await this.allowance?.take(q, player, d.write.spin.bet);
        this.#spins += 1;
        if (this.#spins === this.opts.crashAtSpin) {
          // The test hook (never in production): die as a machine would, debited, uncommitted.
          process.kill(process.pid, 'SIGKILL');
        }
        await this.seeds.finishRound(q, player, d.pair, d.write.spin.createdAt);
        return w;
      });
    } catch (err) {
      if (err instanceof NotWritten) return err.written;
      throw err;
    }
  }

  async #answer(r: SpinRow, requestHash: string): Promise<SpinResult> {
    if (r.requestHash !== requestHash) throw new VenueError(ErrorCode.SlotRequestConflict);
    const [pair] = await this.seeds.pairs(this.db, [r.pairId]);
    return spinResultView(r, pair);
  }

  /** 游戏记录: the player's spins, newest first, each with its proof. */
  async mine(player: PlayerRef, f: SpinHistoryQuery): Promise<SpinHistory> {
    const rows = await listSpins(this.db, player, {
      gameCode: f.gameCode ?? null,
      before: f.before ?? null,
      limit: f.limit,
    });
    const pairs = new Map(
      (
        await this.seeds.pairs(
          this.db,
          rows.map((r) => r.pairId),
        )
      ).map((p) => [p.id, p]),
    );
    return { spins: rows.map((r) => spinHistoryItem(r, pairs.get(r.pairId))) };
  }

  async detail(player: PlayerRef, spinId: string): Promise<SpinResult> {
    const r = await findSpin(this.db, player, spinId);
    if (!r) throw new VenueError(ErrorCode.SlotSpinUnknown);
    const [pair] = await this.seeds.pairs(this.db, [r.pairId]);
    return spinResultView(r, pair);
  }
}
