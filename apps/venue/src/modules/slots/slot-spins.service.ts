import { createHash } from 'node:crypto';
import type { Db, Queryable } from '@nebula/db';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import { createStream } from '@nebula/protocol/fair/byte-stream';
import { hexToBytes } from '@nebula/protocol/fair/bytes';
import { ROUNDS_PER_SERVER_SEED, playerMessage } from '@nebula/protocol/fair/player-seeds';
import type {
  SlotGamesList,
  SpinHistory,
  SpinHistoryQuery,
  SpinRequest,
  SpinResult,
} from '@nebula/protocol/venue/games/index';
import { spin } from '@nebula/protocol/venue/games/slots/index';
import type { GameFamily } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';
import { isRoundBusy, type SeedPairsService } from '../fair-seeds/seed-pairs.service';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import { SLOT_GAMES, slotGame, slotGameView, type SlotGame } from './slot-games';
import { writeSpinBet } from './slot-spin-bet';
import {
  findSpin,
  findSpinByKey,
  insertSpin,
  listSpins,
  type SpinRow,
} from './slot-spins.repository';
import { spinHistoryItem, spinResultView, storedScreens } from './slot-view.model';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import { betNumbersOf } from '../bet-numbers/bet-numbers.service';
import type { StakeAllowance } from '../allowance/allowance.service';

/** Thrown inside a spin whose key the player has used: the transaction rolls back. */
class KeyTaken extends Error {}

export interface SlotSpinOptions {
  /** The minimum spin cycle per player (2,500 ms; 0 only where the configuration allows). */
  minCycleMs: number;
  /** Test hook: die inside the N-th spin after its debit, before its commit. */
  crashAtSpin: number | null;
}

/**
 * Paid spins of the house slots (docs/contract.md §10.13). One transaction per spin: the
 * player's seed-pair lock row taken at once (a spin while another is under way is refused,
 * 8143 — unless it is the same tap, which then answers the first), the minimum cycle checked
 * under it, the outcome drawn from the pair's stream for its nonce, the bet debited and the
 * whole feature's win credited through the venue ledger, the spin and its venue bet (settled at
 * once, in the merchant feed) written, the nonce moved on. A refusal rolls it all back.
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
      return await this.db.tx((q) => this.#spin(q, player, game, lineBet, req, requestHash));
    } catch (err) {
      // A retry answers the first spin whatever has changed since (the balance, the cycle,
      // the seeds): the key is looked up only when this attempt spun nothing.
      if (
        err instanceof KeyTaken ||
        (err instanceof VenueError && err.code !== ErrorCode.SlotRequestConflict)
      ) {
        const first = await findSpinByKey(this.db, player, req.requestKey);
        if (first) return this.#answer(first, requestHash);
        if (err instanceof KeyTaken) {
          throw new Error('a spin key was taken and is not found', { cause: err });
        }
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

  async #spin(
    q: Queryable,
    player: PlayerRef,
    game: SlotGame,
    lineBet: bigint,
    req: SpinRequest,
    requestHash: string,
  ): Promise<SpinResult> {
    const now = this.now();
    const { pair, lastRoundAt } = await this.seeds.beginRound(q, player, now);
    // A spin that read the clock before another spin of the player that started later and
    // finished first sees a negative cycle: too soon under the floor, and no floor when lifted.
    const floor = this.opts.minCycleMs;
    if (floor > 0 && lastRoundAt !== null && now - lastRoundAt < floor) {
      throw new VenueError(ErrorCode.SlotSpinTooSoon, {
        waitMs: floor - (now - lastRoundAt),
      });
    }
    const p = game.parSheet;
    const outcome = spin(
      p,
      createStream(hexToBytes(pair.serverSeed), playerMessage(pair.clientSeed, pair.nonce)),
    );
    const lineCount = p.lines.length;
    const bet = lineBet * BigInt(lineCount);
    const totalWin = BigInt(outcome.units) * lineBet;
    // The guard behind the engine's cap: never more than the par sheet's max win.
    if (totalWin > bet * BigInt(p.maxWinMultiple)) throw new Error('slot max win exceeded');
    const betId = await betNumbersOf(this.db).one(q, now);
    const debit = await this.ledger.post(q, {
      reference: `bet:${betId}`,
      kind: 'bet_stake',
      postings: [
        { account: playerAccount(player), amount: -bet },
        { account: bookAccount(player), amount: bet },
      ],
    });
    if (!debit.posted) throw new VenueError(ErrorCode.SlotBalanceInsufficient);
    await this.allowance?.take(q, player, bet);
    this.#spins += 1;
    if (this.#spins === this.opts.crashAtSpin) {
      // The test hook (never in production): die as a machine would, debited, uncommitted.
      process.kill(process.pid, 'SIGKILL');
    }
    let wallets = debit.wallets;
    if (totalWin > 0n) {
      const credit = await this.ledger.post(q, {
        reference: `settle:${betId}:2`,
        kind: 'bet_payout',
        postings: [
          { account: bookAccount(player), amount: -totalWin },
          { account: playerAccount(player), amount: totalWin },
        ],
      });
      if (!credit.posted) throw new Error('a slot win credit was refused');
      wallets = credit.wallets;
    }
    const balanceAfter = wallets[0]?.balance;
    if (balanceAfter === undefined) throw new Error('the spin moved no wallet');
    const row: Omit<SpinRow, 'id'> = {
      ...player,
      requestKey: req.requestKey,
      requestHash,
      gameCode: game.code,
      parSheetVersion: p.version,
      parSheetHash: game.hash,
      pairId: pair.id,
      nonce: pair.nonce,
      clientSeed: pair.clientSeed,
      lineBet,
      lineCount,
      bet,
      totalWin,
      capped: outcome.capped,
      screens: JSON.stringify(storedScreens(outcome, lineBet)),
      balanceAfter,
      betId,
      createdAt: now,
    };
    const id = await insertSpin(q, row);
    // The key is this player's already: a retry, answered from the first spin once this rolls back.
    if (id === null) throw new KeyTaken();
    await writeSpinBet(q, { ...row, id }, game.name, now);
    await this.seeds.finishRound(q, player, pair, now);
    const rotated = pair.nonce + 1 >= ROUNDS_PER_SERVER_SEED;
    return spinResultView({ ...row, id }, { ...pair, rotatedAt: rotated ? now : null });
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
