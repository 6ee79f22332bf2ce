import type { Db } from '@nebula/db';
import { ErrorCode, fenToYuanString, formatMoney } from '@nebula/protocol';
import type { GameDailyReport } from '@nebula/protocol/venue/games/index';
import { VenueError } from '../../infra/venue-error';
import { dayByPick, dayTotals } from './game-bets.repository';
import { gameDefinition } from './game-catalogue';
import { gameRules } from './game-rules';

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3600_000;

/** Basis points of `part` over `whole`, rounded half up; null when nothing was staked. */
const bp = (part: bigint, whole: bigint): number | null =>
  whole === 0n ? null : Number((part * 20_000n + whole) / (2n * whole));

/**
 * The daily report of one game (docs/contract.md §10.11): its bets settled that Shanghai day
 * per bet type and in total — stakes, payouts, GGR, the return realised against the return
 * the paytable states for the same stakes (each pick's odds × its chance to win, weighted by
 * what was staked on it) — and the rounds voided that day per cause.
 */
export class GameReportService {
  constructor(private readonly db: Db) {}

  async daily(gameCode: string, date: string): Promise<GameDailyReport> {
    const def = gameDefinition(gameCode);
    const rules = gameRules(gameCode);
    if (!def || !rules) throw new VenueError(ErrorCode.VenueGameUnknown);
    const from = Date.parse(`${date}T00:00:00Z`) - SHANGHAI_MS;
    if (!Number.isFinite(from)) throw new VenueError(ErrorCode.VenueRequestInvalid);
    const to = from + DAY_MS;
    const picks = await dayByPick(this.db, gameCode, from, to);
    const totals = await dayTotals(this.db, gameCode, from, to);
    type Acc = { bets: number; stakes: bigint; payouts: bigint; stated: bigint; unit: bigint };
    const byType = new Map<string, Acc>();
    for (const p of picks) {
      const odds = BigInt(rules.odds(def.paytable, p.betType, p.pick) ?? 0);
      const { covered, total } = rules.coverage(p.betType, [p.pick]);
      const a = byType.get(p.betType) ?? {
        bets: 0,
        stakes: 0n,
        payouts: 0n,
        stated: 0n,
        unit: 1000n * BigInt(total),
      };
      a.bets += p.bets;
      a.stakes += p.stakes;
      a.payouts += p.payouts;
      // The stated return of these stakes, times 1000 × the outcomes counted (kept exact).
      a.stated += p.stakes * odds * BigInt(covered);
      byType.set(p.betType, a);
    }
    const rows = rules.betTypes
      .filter((t) => byType.has(t.betType))
      .map((t) => {
        const a = byType.get(t.betType)!;
        return {
          betType: t.betType,
          name: t.name,
          bets: a.bets,
          stakes: fenToYuanString(a.stakes),
          payouts: fenToYuanString(a.payouts),
          ggr: formatMoney(a.stakes - a.payouts),
          rtpBp: bp(a.payouts, a.stakes),
          statedRtpBp: bp(a.stated, a.stakes * a.unit),
        };
      });
    const all = [...byType.values()];
    const stakes = all.reduce((s, a) => s + a.stakes, 0n);
    const payouts = all.reduce((s, a) => s + a.payouts, 0n);
    const unit = all[0]?.unit ?? 1n;
    const stated = all.reduce((s, a) => s + (a.stated * unit) / a.unit, 0n);
    return {
      gameCode,
      date,
      rows,
      total: {
        bets: totals.bets,
        stakes: fenToYuanString(stakes),
        payouts: fenToYuanString(payouts),
        validStakes: fenToYuanString(totals.validStakes),
        ggr: formatMoney(stakes - payouts),
        rtpBp: bp(payouts, stakes),
        statedRtpBp: bp(stated, stakes * unit),
      },
      voids: totals.voids,
      voidedBets: totals.voidedBets,
    };
  }
}
