import {
  fenToYuanString,
  formatMoney,
  type BetPage,
  type BetRecord,
  type SharedBetCard,
} from '@nebula/protocol';
import type { BetStatus } from '@nebula/protocol/venue/markets';
import type { VenueFamily } from '@nebula/protocol/venue/registry';
import type { Db } from '@nebula/db';
import { shanghaiDayRange } from '../../lib/shanghai-time';
import type { VenueRegistry } from '../venue-registry/venue-registry.service';
import type { ExportSource } from '../../lib/export-source';
import * as exportRepo from './bet-export.repository';
import type { BetKey } from './bet-export.repository';
import * as repo from './bet.repository';
import type { BetRow, BetTotalsRow } from './bet.repository';

/** The filters of a member's bets (the list's, without its paging). */
export interface BetsFilter {
  status?: BetStatus;
  venueCode?: string;
  family?: VenueFamily;
  from?: string;
  to?: string;
}

const totalsOf = (t: BetTotalsRow) => ({
  count: t.count,
  stake: fenToYuanString(BigInt(t.stake)),
  payout: fenToYuanString(BigInt(t.payout)),
  winLoss: formatMoney(BigInt(t.win_loss)),
  validTurnover: fenToYuanString(BigInt(t.valid_turnover)),
});

/**
 * The member's bets as the platform copied them (contract §6): `GET /game/api/v1/bets` with
 * filters, totals and Shanghai day totals, and the card a member shares into the chat, built
 * from the copy — never from what a client says about its bet.
 */
export class BetsService {
  constructor(
    private readonly db: Db,
    private readonly registry: VenueRegistry,
  ) {}

  async page(
    memberId: number,
    f: BetsFilter & { page: number; pageSize: number },
  ): Promise<BetPage> {
    const r = await repo.listBets(
      this.db,
      await this.#filter(memberId, f),
      f.pageSize,
      (f.page - 1) * f.pageSize,
    );
    return {
      list: await Promise.all(r.rows.map((b) => this.#present(b))),
      page: f.page,
      pageSize: f.pageSize,
      total: r.totals.count,
      totals: totalsOf(r.totals),
      dayTotals: r.days.map((d) => ({ date: d.day, ...totalsOf(d) })),
    };
  }

  /**
   * The bets CSV export's rows (reports/member-exports.service.ts): the list's filters, newest
   * first in keyset pages, each presented as the list presents it.
   */
  async exportSource(
    memberId: number,
    f: BetsFilter,
  ): Promise<ExportSource<BetRecord & { key: BetKey }, BetKey | null>> {
    const where = await this.#filter(memberId, f);
    return {
      count: () => exportRepo.countBets(this.db, where),
      page: async (after, limit) =>
        Promise.all(
          (await exportRepo.betsBefore(this.db, where, after, limit)).map(async (b) => ({
            ...(await this.#present(b)),
            key: b.key,
          })),
        ),
      first: null,
      keyOf: (b) => b.key,
    };
  }

  async #filter(memberId: number, f: BetsFilter): Promise<repo.BetFilter> {
    return {
      memberId,
      status: f.status,
      venueCode: f.venueCode,
      ...(f.family
        ? { venueCodes: (await this.registry.publicList(f.family)).map((v) => v.code) }
        : {}),
      from: f.from ? shanghaiDayRange(f.from)[0] : undefined,
      to: f.to ? shanghaiDayRange(f.to)[1] : undefined,
    };
  }

  async #present(b: BetRow): Promise<BetRecord> {
    const venue = await this.registry.get(b.venueCode);
    return {
      betId: b.betId,
      venueCode: b.venueCode,
      venueName: venue?.name ?? b.venueCode,
      family: venue?.family ?? 'TY',
      placedAt: b.placedAt,
      kind: b.legs.length > 1 ? 'parlay' : 'single',
      legs: b.legs.map((l) => ({
        matchId: l.matchId,
        selectionId: l.selectionId,
        match: l.match,
        market: l.market,
        selection: l.selection,
        oddsMilli: l.oddsMilli,
        result: l.result,
      })),
      stake: fenToYuanString(b.stake),
      oddsMilli: b.oddsMilli,
      potentialWin: fenToYuanString(b.potentialWin),
      status: b.status,
      payout: b.payout === null ? null : fenToYuanString(b.payout),
      winLoss: b.payout === null ? null : formatMoney(b.payout - b.stake),
      validTurnover: fenToYuanString(b.validTurnover),
      settledAt: b.settledAt,
    };
  }

  /** The member's own bet as a chat card, or null (unknown, or someone else's). */
  async shareCard(memberId: number, roomId: number, betId: string): Promise<SharedBetCard | null> {
    const b = await repo.readMemberBet(this.db, memberId, betId);
    if (!b) return null;
    const r = await this.#present(b);
    return {
      roomId,
      betId: r.betId,
      venueCode: r.venueCode,
      venueName: r.venueName,
      kind: r.kind,
      status: r.status,
      legs: r.legs,
      stake: r.stake,
      oddsMilli: r.oddsMilli,
      potentialWin: r.potentialWin,
    };
  }

  /** What voiding or resettling a bet can move (fen), from the platform's copies; null: none. */
  exposure(betId: string): Promise<bigint | null> {
    return repo.betExposure(this.db, betId);
  }
}
