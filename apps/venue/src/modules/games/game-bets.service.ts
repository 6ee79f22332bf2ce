import { createHash, randomBytes } from 'node:crypto';
import { betNumbersOf } from '../bet-numbers/bet-numbers.service';
import type { Db, Queryable } from '@nebula/db';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import {
  gameSelectionId,
  type GameLimitsView,
  type GameSlipView,
  type MyGameBets,
  type MyGameBetsQuery,
  type PlaceGameBetsRequest,
} from '@nebula/protocol/venue/games/index';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import type { GameFamily } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';
import {
  insertGameBets,
  listPlayerGameBets,
  readSlipBets,
  reserveGameLiability,
  type GameBetRow,
} from '../bets/bet.service';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import type { StakeAllowance } from '../allowance/allowance.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import { gameBetVersion, gameBetView } from './game-bet-view.model';
import {
  addRoundStake,
  claimSlip,
  findSlip,
  readSettings,
  type GameSettings,
} from './game-bets.repository';
import { gameDefinition } from './game-catalogue';
import { gameRules, type GameRules } from './game-rules';
import { findGame, findRound } from './games.repository';
import { currentSlot } from './round-schedule';

/** The demo stake rules of a game (docs/contract.md §10.11), operator data from then on. */
export const DEMO_GAME_SETTINGS: Omit<GameSettings, 'gameCode'> = {
  unitPrice: 200n,
  maxMultiple: 10_000,
  maxStakePerBet: 2_000_000n,
  maxStakePerRound: 5_000_000n,
  maxPicksPerSlip: 200,
  liabilityCap: 500_000_000n,
};

export const limitsView = (s: GameSettings): GameLimitsView => ({
  gameCode: s.gameCode,
  unitPrice: fenToYuanString(s.unitPrice),
  maxMultiple: s.maxMultiple,
  maxStakePerBet: fenToYuanString(s.maxStakePerBet),
  maxStakePerRound: fenToYuanString(s.maxStakePerRound),
  maxPicksPerSlip: s.maxPicksPerSlip,
});

/**
 * Placing slips on house game rounds (docs/contract.md §10.11). The whole slip is one
 * transaction: the round read under a share lock (a seal or void waits for placements under
 * way and every later one sees it), the key claimed, the player's round total and the house's
 * liability per pick raised under their limits, the stakes debited through the venue ledger
 * (one entry per bet, `bet:{betId}`), the bets and their first versions written. A refusal
 * rolls it all back: nothing debited, nothing reserved. A retry of the key answers the first
 * slip; another body under it is refused (8039).
 */
export class GameBetsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VenueLedger,
    private readonly gameFamilyOf: ReadonlyMap<string, GameFamily>,
    private readonly now: () => number,
    /** The platform's loss and wager allowance (allowance.service.ts), taken with the debit. */
    private readonly allowance: StakeAllowance | null = null,
  ) {}

  private rulesFor(player: PlayerRef | null, gameCode: string): GameRules {
    const def = gameDefinition(gameCode);
    const rules = gameRules(gameCode);
    // A game is offered only by the game venues of its family (a sportsbook session has none).
    if (!def || !rules || (player && this.gameFamilyOf.get(player.venueCode) !== def.family)) {
      throw new VenueError(ErrorCode.VenueGameUnknown);
    }
    return rules;
  }

  /** The game's rules once every pick is on its board and none is there twice (8075). */
  checkPicks(
    player: PlayerRef,
    gameCode: string,
    picks: readonly { betType: string; pick: string }[],
  ): GameRules {
    const rules = this.rulesFor(player, gameCode);
    const seen = new Set<string>();
    for (const p of picks) {
      const id = `${p.betType}:${p.pick}`;
      if (!rules.pickValid(p.betType, p.pick) || seen.has(id)) {
        throw new VenueError(ErrorCode.VenueGameBetInvalid);
      }
      seen.add(id);
    }
    return rules;
  }

  async settings(q: Queryable, gameCode: string): Promise<GameSettings> {
    const s = await readSettings(q, gameCode);
    if (!s) throw new VenueError(ErrorCode.VenueGameUnknown);
    return s;
  }

  async limits(player: PlayerRef, gameCode: string): Promise<GameLimitsView> {
    this.rulesFor(player, gameCode);
    return limitsView(await this.settings(this.db, gameCode));
  }

  async place(player: PlayerRef, gameCode: string, req: PlaceGameBetsRequest) {
    const requestHash = createHash('sha256')
      .update(JSON.stringify([gameCode, req.roundNo, req.multiple, req.unitPrice, req.picks]))
      .digest('hex');
    const key = { ...player, requestKey: req.requestKey };
    try {
      const placed = await this.#place(player, gameCode, req, requestHash);
      if (placed) return placed;
    } catch (err) {
      // A retry of a placed slip answers that slip whatever has changed since (the seal, the
      // limits, the balance): the key is looked up only when this attempt placed nothing.
      if (!(err instanceof VenueError) || err.code === ErrorCode.BetRequestConflict) throw err;
      if (!(await findSlip(this.db, key))) throw err;
    }
    const first = await findSlip(this.db, key);
    if (!first) throw new VenueError(ErrorCode.BetRequestConflict);
    if (first.requestHash !== requestHash) throw new VenueError(ErrorCode.BetRequestConflict);
    return this.#slipView(req.requestKey, first.gameCode, first.roundNo, player, first.slipId);
  }

  /** Places the slip, or answers null when its key was already claimed (nothing written). */
  async #place(
    player: PlayerRef,
    gameCode: string,
    req: PlaceGameBetsRequest,
    requestHash: string,
  ): Promise<GameSlipView | null> {
    const rules = this.checkPicks(player, gameCode, req.picks);
    const def = gameDefinition(gameCode)!;
    const limits = await this.settings(this.db, gameCode);
    const unitPrice = parseMoney(req.unitPrice);
    const stake = unitPrice * BigInt(req.multiple);
    if (
      unitPrice !== limits.unitPrice ||
      req.multiple > limits.maxMultiple ||
      req.picks.length > limits.maxPicksPerSlip ||
      stake > limits.maxStakePerBet
    ) {
      throw new VenueError(ErrorCode.VenueGameStakeInvalid, limitsView(limits));
    }
    const total = stake * BigInt(req.picks.length);
    const slipId = randomBytes(12).toString('base64url');
    return this.db.tx(async (q) => {
      const now = this.now();
      const game = await findGame(q, gameCode);
      if (!game) throw new VenueError(ErrorCode.VenueGameUnknown);
      const round = await findRound(q, gameCode, req.roundNo, 'share');
      if (!round) throw new VenueError(ErrorCode.VenueRoundUnknown);
      if (game.status !== 'open') throw new VenueError(ErrorCode.VenueGameClosed);
      // Past its sealAt whatever its stored status; a voided round takes no bet either.
      if (now >= round.sealAt || (round.status !== 'open' && now >= round.opensAt)) {
        throw new VenueError(ErrorCode.VenueGameBetSealed, {
          nextRoundNo: currentSlot(now, game).roundNo,
        });
      }
      if (now < round.opensAt) throw new VenueError(ErrorCode.VenueGameRoundNotOpen);
      const table = rules.paytables.get(round.paytableHash) ?? def.paytable;
      const claimed = await claimSlip(
        q,
        { ...player, requestKey: req.requestKey },
        { slipId, requestHash, gameCode, roundNo: req.roundNo, total },
        now,
      );
      if (!claimed) return null;
      const at = { ...player, gameCode, roundNo: req.roundNo };
      if (!(await addRoundStake(q, at, total, limits.maxStakePerRound))) {
        throw new VenueError(ErrorCode.VenueGameRoundLimit, limitsView(limits));
      }
      const ids = await betNumbersOf(this.db).take(q, now, req.picks.length);
      const bets: (GameBetRow & { requestKey: string; requestHash: string })[] = req.picks.map(
        (p, i) => {
          const oddsMilli = rules.odds(table, p.betType, p.pick)!;
          const payout = betReturnFen(stake, [{ oddsMilli, result: 'won' }]);
          const name = rules.betTypes.find((t) => t.betType === p.betType)?.name ?? p.betType;
          return {
            id: ids[i]!,
            ...player,
            gameCode,
            roundNo: req.roundNo,
            slipId,
            requestKey: `${slipId}:${i}`,
            requestHash,
            stake,
            status: 'open',
            result: null,
            payout: null,
            validStake: null,
            placedAt: now,
            settledAt: null,
            version: 1,
            selectionId: gameSelectionId(gameCode, req.roundNo, p.betType, p.pick),
            eventId: `g:${gameCode}:${req.roundNo}`,
            marketId: `g:${gameCode}:${req.roundNo}:${p.betType}`,
            oddsMilli,
            eventName: `${def.name} 第${req.roundNo}期`,
            marketLabel: name,
            outcomeLabel: rules.pickLabel(p.betType, p.pick),
            liability: payout - stake,
            legResult: null,
          };
        },
      );
      const reservations = bets
        .map((b) => ({ selectionId: b.selectionId, amount: b.liability }))
        .filter((r) => r.amount > 0n)
        .sort((a, b) => (a.selectionId < b.selectionId ? -1 : 1));
      if (!(await reserveGameLiability(q, player, reservations, limits.liabilityCap))) {
        throw new VenueError(ErrorCode.VenueGameRoundLimit);
      }
      const debit = await this.ledger.postMany(
        q,
        bets.map((b) => ({
          reference: `bet:${b.id}`,
          kind: 'bet_stake',
          postings: [
            { account: playerAccount(player), amount: -b.stake },
            { account: bookAccount(player), amount: b.stake },
          ],
        })),
      );
      if (!debit.posted) throw new VenueError(ErrorCode.BetBalanceInsufficient);
      await this.allowance?.take(q, player, total);
      await insertGameBets(
        q,
        bets,
        bets.map((b) => gameBetVersion(b, 'accepted')),
      );
      const balance = (await this.ledger.wallet(q, player)).balance;
      return {
        requestKey: req.requestKey,
        gameCode,
        roundNo: req.roundNo,
        bets: bets.map(gameBetView),
        total: fenToYuanString(total),
        balance: fenToYuanString(balance),
      };
    });
  }

  async #slipView(
    requestKey: string,
    gameCode: string,
    roundNo: string,
    player: PlayerRef,
    slipId: string,
  ): Promise<GameSlipView> {
    const bets = await readSlipBets(this.db, slipId);
    const balance = (await this.ledger.wallet(this.db, player)).balance;
    return {
      requestKey,
      gameCode,
      roundNo,
      bets: bets.map(gameBetView),
      total: fenToYuanString(bets.reduce((s, b) => s + b.stake, 0n)),
      balance: fenToYuanString(balance),
    };
  }

  /** 我的注单: the player's own game bets, newest first. */
  async mine(player: PlayerRef, f: MyGameBetsQuery): Promise<MyGameBets> {
    const rows = await listPlayerGameBets(this.db, {
      ...player,
      gameCode: f.gameCode ?? null,
      roundNo: f.roundNo ?? null,
      settled: f.status === undefined ? null : f.status === 'settled',
      before: f.before ?? null,
      limit: f.limit + 1,
    });
    return { bets: rows.slice(0, f.limit).map(gameBetView), more: rows.length > f.limit };
  }
}
