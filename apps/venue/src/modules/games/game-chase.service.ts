import { randomBytes } from 'node:crypto';
import type { Db } from '@nebula/db';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import {
  chaseMultiple,
  type ChasePlanView,
  type CreateChaseRequest,
  type MyChases,
} from '@nebula/protocol/venue/games/index';
import { VenueError } from '../../infra/venue-error';
import type { PlayerRef } from '../sessions/player-ref.types';
import {
  activeChases,
  chaseDraws,
  chaseWon,
  endChase,
  findChase,
  insertChase,
  insertChaseDraw,
  playerChases,
  stopPlayerChases,
  type ChaseDrawRow,
  type ChaseRow,
} from './game-chase.repository';
import type { GameBetsService } from './game-bets.service';
import type { RoundRow } from './games.repository';

/**
 * 追号 (docs/contract.md §10.11, "Chases"). A plan is written whole when created and debited
 * draw by draw: when the clock opens a round of the game, each active plan created before it
 * places that draw's slip through the bets service under `chase:{planId}:{期号}` — its own
 * transaction, so the slip key makes a retry (the next tick after a crash) answer the first
 * slip instead of debiting again. A refused draw (balance, limits, a closed game) stops the
 * plan with its code; a won draw stops a 中奖后停止 plan before its next draw.
 */
export class GameChaseService {
  constructor(
    private readonly db: Db,
    private readonly bets: GameBetsService,
    private readonly now: () => number,
  ) {}

  async create(player: PlayerRef, gameCode: string, req: CreateChaseRequest) {
    // The picks, unit price and multiples are checked as a slip would be, before any draw.
    this.bets.checkPicks(player, gameCode, req.picks);
    const limits = await this.bets.settings(this.db, gameCode);
    const unitPrice = parseMoney(req.unitPrice);
    const top = Math.max(req.multiple, req.mode === 'double' ? (req.maxMultiple ?? 0) : 0);
    if (
      unitPrice !== limits.unitPrice ||
      top > limits.maxMultiple ||
      unitPrice * BigInt(top) > limits.maxStakePerBet ||
      req.picks.length > limits.maxPicksPerSlip
    ) {
      throw new VenueError(ErrorCode.VenueGameStakeInvalid);
    }
    const plan = await insertChase(
      this.db,
      {
        ...player,
        planId: randomBytes(10).toString('hex'),
        requestKey: req.requestKey,
        gameCode,
        draws: req.draws,
        multiple: req.multiple,
        mode: req.mode,
        maxMultiple: req.mode === 'double' ? (req.maxMultiple ?? null) : null,
        stopOnWin: req.stopOnWin,
        unitPrice,
        picks: req.picks,
      },
      this.now(),
    );
    return (await this.views([plan]))[0]!;
  }

  async mine(player: PlayerRef): Promise<MyChases> {
    return { plans: await this.views(await playerChases(this.db, player, 50)) };
  }

  /** Cancels the remaining draws; the draws already placed stand. */
  async cancel(player: PlayerRef, planId: string): Promise<ChasePlanView> {
    const plan = await findChase(this.db, planId);
    const mine =
      plan?.merchant === player.merchant &&
      plan.venueCode === player.venueCode &&
      plan.playerId === player.playerId;
    if (!plan || !mine) throw new VenueError(ErrorCode.VenueChaseUnknown);
    await endChase(this.db, planId, 'cancelled', null);
    return (await this.views([(await findChase(this.db, planId))!]))[0]!;
  }

  /** The platform ended the player's sessions: no plan of theirs debits again. */
  async stopPlayer(player: PlayerRef): Promise<void> {
    await stopPlayerChases(this.db, player, ErrorCode.VenueSessionExpired);
  }

  /**
   * Takes up the draw of an open round for each active plan of its game (called by the clock
   * after it opens a round, and on every tick while the round is open, so a crash between the
   * opening and a debit is made good once).
   */
  async onRoundOpen(round: RoundRow): Promise<number> {
    if (round.status !== 'open' || this.now() >= round.sealAt) return 0;
    let placed = 0;
    const plans = await activeChases(this.db, round.gameCode, round.opensAt);
    const draws = await chaseDraws(
      this.db,
      plans.map((p) => p.planId),
    );
    for (const plan of plans) {
      const mine = draws.filter((d) => d.planId === plan.planId);
      if (mine.some((d) => d.roundNo === round.roundNo)) continue;
      if (mine.length >= plan.draws) {
        await endChase(this.db, plan.planId, 'finished', null);
        continue;
      }
      if (plan.stopOnWin && (await chaseWon(this.db, plan, plan.planId))) {
        await endChase(this.db, plan.planId, 'won', null);
        continue;
      }
      if (await this.placeDraw(plan, round, mine.length)) placed += 1;
    }
    return placed;
  }

  private async placeDraw(plan: ChaseRow, round: RoundRow, index: number): Promise<boolean> {
    const multiple = chaseMultiple(plan, index);
    const draw: ChaseDrawRow = {
      planId: plan.planId,
      index,
      roundNo: round.roundNo,
      multiple,
      status: 'placed',
      total: 0n,
      errorCode: null,
    };
    try {
      const player = {
        merchant: plan.merchant,
        venueCode: plan.venueCode,
        playerId: plan.playerId,
      };
      const slip = await this.bets.place(player, plan.gameCode, {
        requestKey: `chase:${plan.planId}:${round.roundNo}`,
        roundNo: round.roundNo,
        multiple,
        unitPrice: fenToYuanString(plan.unitPrice),
        picks: plan.picks,
      });
      await insertChaseDraw(this.db, { ...draw, total: parseMoney(slip.total) }, this.now());
      if (index + 1 >= plan.draws) await endChase(this.db, plan.planId, 'finished', null);
      return true;
    } catch (err) {
      if (!(err instanceof VenueError)) throw err;
      await insertChaseDraw(
        this.db,
        { ...draw, status: 'failed', errorCode: err.code },
        this.now(),
      );
      await endChase(this.db, plan.planId, 'stopped', err.code);
      return false;
    }
  }

  private async views(plans: ChaseRow[]): Promise<ChasePlanView[]> {
    const draws = await chaseDraws(
      this.db,
      plans.map((p) => p.planId),
    );
    return plans.map((p) => ({
      planId: p.planId,
      gameCode: p.gameCode,
      status: p.status,
      draws: p.draws,
      multiple: p.multiple,
      mode: p.mode,
      maxMultiple: p.maxMultiple,
      stopOnWin: p.stopOnWin,
      unitPrice: fenToYuanString(p.unitPrice),
      picks: p.picks,
      stopCode: p.stopCode,
      createdAt: p.createdAt,
      placed: draws
        .filter((d) => d.planId === p.planId)
        .map((d) => ({
          index: d.index,
          roundNo: d.roundNo,
          multiple: d.multiple,
          status: d.status,
          total: fenToYuanString(d.total),
          errorCode: d.errorCode,
        })),
    }));
  }
}
