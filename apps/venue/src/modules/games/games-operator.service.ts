import type { Db } from '@nebula/db';
import { ErrorCode, bytesToHex, fenToYuanString, parseMoney, roundMessage } from '@nebula/protocol';
import type {
  GameOperatorLimits,
  RoundView,
  SetGameLimitsRequest,
} from '@nebula/protocol/venue/games/index';
import { VenueError } from '../../infra/venue-error';
import { audit, type Operator } from '../operator/operator.service';
import type { ChainService } from './chain.service';
import { readSettings, writeSettings, type GameSettings } from './game-bets.repository';
import type { GameReportService } from './game-report.service';
import type { GameSettlementService } from './game-settlement.service';
import { gameDefinition } from './game-catalogue';
import { tableDefinition } from './tables-catalogue';
import { findGame, findRound, listGames, markVoided, setGameStatus } from './games.repository';
import { roundView } from './games.service';

/**
 * The games' back office (docs/contract.md §10.10): open or close a game (a closed game opens
 * no new rounds), publish a game's next chain, look a round up, void a round that still takes
 * bets. Every change is audited in its own transaction. A round past its sealAt is refused
 * (8073) whatever its stored status: a sealed round is always drawn and settled.
 */
export class GamesOperatorService {
  constructor(
    private readonly db: Db,
    private readonly chains: ChainService,
    private readonly settlement: GameSettlementService,
    private readonly reports: GameReportService,
    private readonly now: () => number,
  ) {}

  async games() {
    const games = await listGames(this.db);
    return {
      games: await Promise.all(
        games.map(async (g) => ({
          gameCode: g.code,
          name: g.name,
          status: g.status,
          roundsLeft: await this.chains.roundsLeft(this.db, g.code),
        })),
      ),
    };
  }

  private async known(code: string) {
    // The live tables are house games too: operators open, close and publish their chains.
    const g = gameDefinition(code) || tableDefinition(code) ? await findGame(this.db, code) : null;
    if (!g) throw new VenueError(ErrorCode.VenueGameUnknown);
    return g;
  }

  async setStatus(op: Operator, code: string, status: 'open' | 'closed', reason: string) {
    await this.known(code);
    await this.db.tx(async (q) => {
      if (await setGameStatus(q, code, status)) {
        await audit(q, {
          operator: op.name,
          action: status === 'open' ? 'game.open' : 'game.close',
          target: code,
          detail: { reason },
          at: this.now(),
        });
      }
    });
    return { gameCode: code, status };
  }

  async publishChain(op: Operator, code: string) {
    await this.known(code);
    const c = await this.db.tx(async (q) => {
      const chain = await this.chains.publish(q, code);
      await audit(q, {
        operator: op.name,
        action: 'game.chain.publish',
        target: chain.chainId,
        detail: { commitment: chain.commitment, length: chain.length },
        at: this.now(),
      });
      return chain;
    });
    return {
      chainId: c.chainId,
      gameCode: c.gameCode,
      length: c.length,
      commitment: c.commitment,
      publishedAt: c.publishedAt,
    };
  }

  async round(code: string, roundNo: string): Promise<RoundView> {
    await this.known(code);
    const r = await findRound(this.db, code, roundNo);
    if (!r) throw new VenueError(ErrorCode.VenueRoundUnknown);
    return roundView(r);
  }

  async voidRound(op: Operator, code: string, roundNo: string, reason: string) {
    const def = gameDefinition(code);
    await this.known(code);
    const r = await this.db.tx(async (q) => {
      const round = await findRound(q, code, roundNo, true);
      if (!round) throw new VenueError(ErrorCode.VenueRoundUnknown);
      if (round.status !== 'open' || this.now() >= round.sealAt) {
        throw new VenueError(ErrorCode.VenueRoundSealed);
      }
      const seed = await this.chains.seedOf(q, round.chainId, round.chainIndex);
      const outcome = def!.draw(seed, roundMessage(code, roundNo)).outcome;
      await markVoided(
        q,
        round,
        { cause: 'operator', reason, seed: bytesToHex(seed), outcome },
        this.now(),
      );
      // Its bets are voided and refunded with it: exactly once, in the void's transaction.
      const bets = await this.settlement.voidRound(q, round);
      await audit(q, {
        operator: op.name,
        action: 'game.round.void',
        target: `${code}:${roundNo}`,
        detail: { reason, bets },
        at: this.now(),
      });
      return (await findRound(q, code, roundNo))!;
    });
    return roundView(r);
  }

  async limits(code: string): Promise<GameOperatorLimits> {
    await this.known(code);
    const s = await readSettings(this.db, code);
    if (!s) throw new VenueError(ErrorCode.VenueGameUnknown);
    return operatorLimits(s);
  }

  /** Sets a game's stake rules and liability cap (admin), audited with before and after. */
  async setLimits(op: Operator, req: SetGameLimitsRequest): Promise<GameOperatorLimits> {
    await this.known(req.gameCode);
    const { gameCode, reason, ...change } = req;
    if (Object.keys(change).length === 0) throw new VenueError(ErrorCode.VenueRequestInvalid);
    const money = (v: string | undefined, old: bigint) => {
      const fen = v === undefined ? old : parseMoney(v);
      if (fen <= 0n) throw new VenueError(ErrorCode.VenueRequestInvalid);
      return fen;
    };
    const next = await this.db.tx(async (q) => {
      const before = await readSettings(q, gameCode);
      if (!before) throw new VenueError(ErrorCode.VenueGameUnknown);
      const after: GameSettings = {
        gameCode,
        unitPrice: money(change.unitPrice, before.unitPrice),
        maxMultiple: change.maxMultiple ?? before.maxMultiple,
        maxStakePerBet: money(change.maxStakePerBet, before.maxStakePerBet),
        maxStakePerRound: money(change.maxStakePerRound, before.maxStakePerRound),
        maxPicksPerSlip: change.maxPicksPerSlip ?? before.maxPicksPerSlip,
        liabilityCap: money(change.liabilityCap, before.liabilityCap),
      };
      await writeSettings(q, after, this.now());
      await audit(q, {
        operator: op.name,
        action: 'game.limits',
        target: gameCode,
        detail: { reason, before: operatorLimits(before), after: operatorLimits(after) },
        at: this.now(),
      });
      return after;
    });
    return operatorLimits(next);
  }

  async dailyReport(code: string, date: string) {
    await this.known(code);
    return this.reports.daily(code, date);
  }
}

const operatorLimits = (s: GameSettings): GameOperatorLimits => ({
  gameCode: s.gameCode,
  unitPrice: fenToYuanString(s.unitPrice),
  maxMultiple: s.maxMultiple,
  maxStakePerBet: fenToYuanString(s.maxStakePerBet),
  maxStakePerRound: fenToYuanString(s.maxStakePerRound),
  maxPicksPerSlip: s.maxPicksPerSlip,
  liabilityCap: fenToYuanString(s.liabilityCap),
});
