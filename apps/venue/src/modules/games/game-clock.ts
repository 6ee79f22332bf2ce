import type { GameStepHook } from '../../infra/crash-hooks';
import type { Db, Queryable } from '@nebula/db';
import { bytesToHex, roundMessage } from '@nebula/protocol';
import { LeaderLost, type LeaderLease } from '../../infra/leader-lease.service';
import type { ChainService } from './chain.service';
import type { GameChaseService } from './game-chase.service';
import type { GameSettlementService } from './game-settlement.service';
import { gameDefinition } from './game-catalogue';
import {
  findGame,
  findRound,
  insertRound,
  listGames,
  markDrawn,
  markSealed,
  markSettled,
  markVoided,
  recentRounds,
  unfinishedRounds,
  type GameRow,
  type RoundRow,
  type VoidCause,
} from './games.repository';
import { currentSlot, slotOf } from './round-schedule';
import { TickLoop } from '../../infra/tick-loop';

/** How late a seal may be written: a round whose sealAt passed longer ago is voided instead. */
export const SEAL_GRACE_MS = 1000;
/** The clock renews the leader's lease itself at least this often (its loop is its own). */
const RENEW_EVERY_MS = 1000;

export type GameStep = 'open' | 'sealed' | 'drawn' | 'settled';

export interface ClockReport {
  leader: boolean;
  opened: number;
  sealed: number;
  voided: number;
  drawn: number;
  settled: number;
  published: number;
}

/**
 * The games' clock (docs/contract.md §10.10): on the node holding the leader's lease, in its
 * own timer loop beside the sportsbook's, so a long settlement never delays a seal or a draw.
 * Each tick moves every round whose time has come, one persisted step per transaction, each
 * fenced by the lease's epoch and written only from the state it expects — so a tick that runs
 * again, on this node or after a takeover, never repeats a step:
 * - an open round at its sealAt is sealed; one whose sealAt passed more than SEAL_GRACE_MS ago
 *   without a seal (the leader was down) is voided, its seed and would-be outcome revealed;
 * - a sealed round at its drawAt is drawn from its committed seed (however late);
 * - a drawn round is settled;
 * - an open game gets the round of the current slot once the previous draw is drawn.
 */
export class GameClock {
  readonly #loop = new TickLoop(() => this.tick());
  #renewedAt = Number.NEGATIVE_INFINITY;
  readonly #opened = new Map<string, number>();
  /** Rounds the crash hook may fire on: opened by this node after its first. */
  readonly #armed = new Set<string>();

  constructor(
    private readonly lease: LeaderLease,
    private readonly db: Db,
    private readonly chains: ChainService,
    private readonly settlement: GameSettlementService,
    private readonly now: () => number,
    private readonly opts: {
      /**
       * Test hook: SIGKILL right after this step of a round of this game (any when null)
       * commits (never in production).
       */
      crashAfter?: GameStepHook | null;
      onError?: (err: unknown) => void;
      /** The chases whose draws the clock debits when a round opens. */
      chases?: GameChaseService;
      /** The live tables' clock, moved on each tick while this node leads (§10.12). */
      tables?: { tick(): Promise<void> };
    } = {},
  ) {}

  async tick(): Promise<ClockReport> {
    const report: ClockReport = {
      leader: false,
      opened: 0,
      sealed: 0,
      voided: 0,
      drawn: 0,
      settled: 0,
      published: 0,
    };
    try {
      if (this.lease.epoch === null || this.now() - this.#renewedAt >= RENEW_EVERY_MS) {
        if (!(await this.lease.renew())) return report;
        this.#renewedAt = this.now();
      }
      report.leader = true;
      for (const game of await listGames(this.db)) {
        try {
          await this.advance(game, report);
        } catch (err) {
          if (err instanceof LeaderLost) throw err;
          this.opts.onError?.(err);
        }
      }
      await this.opts.tables?.tick();
    } catch (err) {
      if (!(err instanceof LeaderLost)) this.opts.onError?.(err);
    }
    return report;
  }

  private async advance(game: GameRow, report: ClockReport): Promise<void> {
    for (const r of await unfinishedRounds(this.db, game.code)) {
      const now = this.now();
      let status = r.status;
      if (status === 'open' && now >= r.sealAt) {
        if (now - r.sealAt <= SEAL_GRACE_MS) {
          if (await this.lease.write((q) => markSealed(q, r, now))) report.sealed += 1;
          this.crashAfter('sealed', r);
          status = 'sealed';
        } else {
          if (await this.void(r, 'missed_seal', null)) report.voided += 1;
          continue;
        }
      }
      if (status === 'sealed' && now >= r.drawAt) {
        if (await this.lease.write((q) => this.draw(q, r, now))) report.drawn += 1;
        this.crashAfter('drawn', r);
        status = 'drawn';
      }
      if (status === 'drawn') {
        if (await this.settle(r)) report.settled += 1;
        this.crashAfter('settled', r);
      }
    }
    if (game.status === 'open' && (await this.open(game))) report.opened += 1;
    // Chases take up the open round's draw, on every tick while it is open: a crash between
    // the opening and a debit is made good by the next tick, once (the slip's key).
    if (this.opts.chases) {
      const [latest] = await recentRounds(this.db, game.code, 1, false);
      if (latest) await this.opts.chases.onRoundOpen(latest);
    }
    if (await this.lease.write((q) => this.chains.publishAhead(q, game.code))) {
      report.published += 1;
    }
  }

  /** Opens the current slot's round once the previous draw is drawn; true when it did. */
  private async open(game: GameRow): Promise<boolean> {
    const def = gameDefinition(game.code);
    if (!def) return false;
    const now = this.now();
    const slot = currentSlot(now, game);
    const created = await this.lease.write(async (q) => {
      // The game row serialises openings of one game (and an operator's close).
      const locked = await findGame(q, game.code, true);
      if (locked?.status !== 'open') return false;
      if (await findRound(q, game.code, slot.roundNo)) return false;
      const prev = await findRound(q, game.code, slotOf(slot.opensAt, game).roundNo);
      if (prev && (prev.status === 'open' || prev.status === 'sealed')) return false;
      const { chainId, index } = await this.chains.assignIndex(q, game.code);
      await insertRound(
        q,
        {
          gameCode: game.code,
          roundNo: slot.roundNo,
          chainId,
          chainIndex: index,
          opensAt: now,
          sealAt: slot.sealAt,
          drawAt: slot.drawAt,
          paytableHash: def.paytableHash,
        },
        now,
      );
      return true;
    });
    if (created) {
      // A game's first round of this process may have opened late: its later ones are armed.
      const opened = (this.#opened.get(game.code) ?? 0) + 1;
      this.#opened.set(game.code, opened);
      if (opened > 1) this.#armed.add(`${game.code}:${slot.roundNo}`);
      this.crashAfter('open', { gameCode: game.code, roundNo: slot.roundNo });
    }
    return created;
  }

  /** The round's seed s_i and its outcome: read only when the round is drawn or voided. */
  private async reveal(q: Queryable, r: RoundRow): Promise<{ seed: string; outcome: number[] }> {
    const def = gameDefinition(r.gameCode);
    if (!def) throw new RangeError(`no definition for game ${r.gameCode}`);
    const seed = await this.chains.seedOf(q, r.chainId, r.chainIndex);
    return {
      seed: bytesToHex(seed),
      outcome: def.draw(seed, roundMessage(r.gameCode, r.roundNo)).outcome,
    };
  }

  private async draw(q: Queryable, r: RoundRow, now: number): Promise<boolean> {
    const { seed, outcome } = await this.reveal(q, r);
    return markDrawn(q, r, seed, outcome, now);
  }

  /**
   * Settles a drawn round: its bets in batches, each committed with its ledger entries, then
   * the round's final mark (written once, from `drawn`) with what its selections still hold
   * cleared. A crash between leaves the round drawn; the next tick settles what is left.
   */
  private async settle(r: RoundRow): Promise<boolean> {
    const drawn = await findRound(this.db, r.gameCode, r.roundNo);
    if (drawn?.status !== 'drawn') return false;
    await this.settlement.settleRound(drawn, (fn) => this.lease.write(fn));
    return this.lease.write(async (q) => {
      if (!(await markSettled(q, drawn, this.now()))) return false;
      await this.settlement.clearRound(q, drawn);
      return true;
    });
  }

  /**
   * Voids a round that is still open (never a sealed one), revealing its seed; its bets are
   * voided and their stakes refunded in the same transaction, so exactly once.
   */
  async void(r: RoundRow, cause: VoidCause, reason: string | null): Promise<boolean> {
    return this.lease.write(async (q) => {
      const v = await this.reveal(q, r);
      if (!(await markVoided(q, r, { cause, reason, ...v }, this.now()))) return false;
      await this.settlement.voidRound(q, r);
      return true;
    });
  }

  private crashAfter(step: GameStep, r: { gameCode: string; roundNo: string }): void {
    const hook = this.opts.crashAfter;
    if (
      hook?.step === step &&
      (hook.gameCode === null || hook.gameCode === r.gameCode) &&
      this.#armed.has(`${r.gameCode}:${r.roundNo}`)
    ) {
      process.kill(process.pid, 'SIGKILL');
    }
  }

  start(everyMs: number): void {
    this.#loop.start(everyMs);
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
  }
}
