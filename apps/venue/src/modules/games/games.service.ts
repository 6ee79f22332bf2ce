import type { Db } from '@nebula/db';
import type {
  ChainsView,
  GameView,
  GamesList,
  RoundView,
} from '@nebula/protocol/venue/games/index';
import { paytableText } from '@nebula/protocol/venue/games/index';
import { ErrorCode } from '@nebula/protocol';
import { VenueError } from '../../infra/venue-error';
import { listChains } from './chain.repository';
import { familyCounts, seedSettings } from './game-bets.repository';
import { DEMO_GAME_SETTINGS } from './game-bets.service';
import { GAME_CATALOGUE, gameDefinition } from './game-catalogue';
import {
  findGame,
  findRound,
  listGames,
  recentRounds,
  revealedOfChain,
  seedGame,
  type GameRow,
  type RoundRow,
} from './games.repository';
import type { GameTiming } from './round-schedule';

/** What a page may see of a round: the seed and outcome only once drawn or voided. */
export function roundView(r: RoundRow): RoundView {
  const revealed = r.status === 'drawn' || r.status === 'settled' || r.status === 'voided';
  return {
    gameCode: r.gameCode,
    roundNo: r.roundNo,
    chainId: r.chainId,
    chainIndex: r.chainIndex,
    status: r.status,
    opensAt: r.opensAt,
    sealAt: r.sealAt,
    drawAt: r.drawAt,
    paytableHash: r.paytableHash,
    seed: revealed ? r.seed : null,
    outcome: revealed ? r.outcome : null,
    voided: r.status === 'voided' ? r.voidCause : null,
  };
}

export const paytableFile = (version: number) => `v${version}.json`;
export const paytableUrl = (code: string, version: number) =>
  `/h5/api/games/${code}/paytable/${paytableFile(version)}`;

/** The games' read side for the venue's game pages (docs/contract.md §10.10). */
export class GamesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly timing: GameTiming,
  ) {}

  /** Adds the catalogue's games on first start (open, with the configured timing). */
  async init(): Promise<void> {
    for (const def of GAME_CATALOGUE) {
      await seedGame(
        this.db,
        {
          code: def.code,
          family: def.family,
          name: def.name,
          status: 'open',
          paytableVersion: def.paytable.version,
          ...this.timing,
        },
        this.now(),
      );
      await seedSettings(this.db, { gameCode: def.code, ...DEMO_GAME_SETTINGS }, this.now());
    }
  }

  /**
   * The merchant's counts for the game families (docs/contract.md §10.11): `live` the rounds
   * open now of each family's open games, `today` the rounds drawn today (Asia/Shanghai).
   */
  async familyCounts(): Promise<Record<'CP' | 'ZR' | 'DZ', { live: number; today: number }>> {
    const day = 86_400_000;
    const shanghai = 8 * 3600_000;
    const from = Math.floor((this.now() + shanghai) / day) * day - shanghai;
    const out = { CP: { live: 0, today: 0 }, ZR: { live: 0, today: 0 }, DZ: { live: 0, today: 0 } };
    for (const row of await familyCounts(this.db, from, from + day)) {
      if (row.family === 'CP' || row.family === 'ZR' || row.family === 'DZ') {
        out[row.family] = { live: row.live, today: row.today };
      }
    }
    return out;
  }

  private async game(code: string): Promise<GameRow> {
    const g = gameDefinition(code) ? await findGame(this.db, code) : null;
    if (!g) throw new VenueError(ErrorCode.VenueGameUnknown);
    return g;
  }

  async list(): Promise<GamesList> {
    const games: GameView[] = [];
    for (const g of await listGames(this.db)) {
      const def = gameDefinition(g.code);
      if (!def) continue;
      const [latest] = await recentRounds(this.db, g.code, 1, false);
      games.push({
        gameCode: g.code,
        family: g.family,
        name: g.name,
        status: g.status,
        roundSeconds: g.roundSeconds,
        sealBeforeSeconds: g.sealBeforeSeconds,
        paytableUrl: paytableUrl(g.code, def.paytable.version),
        paytableHash: def.paytableHash,
        current: latest ? roundView(latest) : null,
      });
    }
    return { serverTime: this.now(), games };
  }

  /** 开奖记录: drawn, settled and voided rounds, newest first. */
  async results(code: string, limit: number): Promise<{ rounds: RoundView[] }> {
    await this.game(code);
    return { rounds: (await recentRounds(this.db, code, limit, true)).map(roundView) };
  }

  async round(code: string, roundNo: string): Promise<RoundView> {
    await this.game(code);
    const r = await findRound(this.db, code, roundNo);
    if (!r) throw new VenueError(ErrorCode.VenueRoundUnknown);
    return roundView(r);
  }

  /** Each chain's commitment and its revealed links (the newest 100 of each). */
  async chains(code: string): Promise<ChainsView> {
    await this.game(code);
    const chains = await listChains(this.db, code);
    return {
      chains: await Promise.all(
        chains.map(async (c) => ({
          chainId: c.chainId,
          gameCode: c.gameCode,
          length: c.length,
          commitment: c.commitment,
          publishedAt: c.publishedAt,
          roundsLeft: c.length - c.nextIndex,
          revealed: await revealedOfChain(this.db, c.chainId, 100),
        })),
      ),
    };
  }

  /** The exact bytes of a paytable version, or a coded refusal. */
  paytable(code: string, file: string): string {
    const def = gameDefinition(code);
    if (!def) throw new VenueError(ErrorCode.VenueGameUnknown);
    if (file !== paytableFile(def.paytable.version)) {
      throw new VenueError(ErrorCode.VenuePaytableUnknown);
    }
    return paytableText(def.paytable);
  }
}
