import { parseMoney } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import type { Db, Queryable } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { MemberService } from '../member/member.service';
import type { SettingsService } from '../settings/settings.service';
import { memberIdOfPlayer } from '../transfer/transfer-engine';
import type { TurnoverService } from '../wallet/turnover.service';
import type { MerchantClient } from '../venue/merchant-client';
import type { VenueRegistry, VenueRow } from '../venue/venue-registry.service';
import {
  betOddsMilli,
  betStatusOf,
  potentialWinFen,
  storedLegs,
  validTurnoverFen,
} from './bet-rules';
import * as repo from './bet.repository';

export interface BetSyncDeps {
  db: Db;
  clock: Clock;
  registry: VenueRegistry;
  merchant: MerchantClient;
  settings: SettingsService;
  turnover: TurnoverService;
  members: MemberService;
  /** Venue debts told with corrected bets (contract §6). */
  debts: {
    note(
      q: Queryable,
      memberId: number,
      venueCode: string,
      debt: bigint,
      at: number,
    ): Promise<void>;
  };
  log: FastifyBaseLogger;
  /** Told the names of matches seen in bets (the chat's live scores name them). */
  onMatches?: (names: Map<string, string>) => void;
}

const PAGE = 200;

/**
 * Pulls each venue's bet changes after its cursor (contract §6) and keeps the platform's copy:
 * the highest version wins, and the valid turnover a bet earned moves by the difference its
 * new version makes (a void or resettle takes back what was credited). The cursor, the copies
 * and the turnover move in one transaction that first re-reads the cursor under a lock: two
 * nodes pulling at once apply a page once, and the loser's page is simply dropped.
 */
export class BetSyncService {
  constructor(private readonly d: BetSyncDeps) {}

  /** Pulls every open venue's changes until caught up (bounded per call). */
  async pullAll(maxPages = 10): Promise<number> {
    let applied = 0;
    for (const v of await this.d.registry.all()) {
      try {
        applied += await this.pull(v, maxPages);
      } catch (err) {
        this.d.log.error({ err, venue: v.code }, 'bet pull failed');
      }
    }
    return applied;
  }

  async pull(venue: VenueRow, maxPages = 10): Promise<number> {
    await repo.ensureCursor(this.d.db, venue.code, 'bets', this.d.clock.now());
    let applied = 0;
    for (let page = 0; page < maxPages; page += 1) {
      const from = (await repo.readCursor(this.d.db, venue.code, 'bets')) ?? '';
      const r = await this.d.merchant.call(this.d.registry.target(venue), 'betChanges', {
        venueCode: venue.code,
        cursor: from,
        limit: PAGE,
      });
      if (r.kind !== 'ok') return applied;
      if (r.data.changes.length === 0) return applied;
      const n = await this.#apply(venue, from, r.data.changes, r.data.cursor);
      if (n === null) return applied; // another node moved the cursor: it has this page
      applied += n;
      if (r.data.changes.length < PAGE) return applied;
    }
    return applied;
  }

  async #apply(
    venue: VenueRow,
    from: string,
    changes: BetVersion[],
    to: string,
  ): Promise<number | null> {
    const minOdds = (await this.d.settings.get()).turnoverMinOddsMilli;
    const names = new Map<string, string>();
    const n = await this.d.db.tx(async (q) => {
      if ((await repo.readCursor(q, venue.code, 'bets', true)) !== from) return null;
      let count = 0;
      for (const v of changes) {
        if (await this.#applyVersion(q, venue, v, minOdds)) count += 1;
        for (const l of v.legs) names.set(l.selectionId.split(':')[0] ?? '', l.eventName);
      }
      await this.#noteDebts(q, venue, changes);
      await repo.saveCursor(q, venue.code, 'bets', to, this.d.clock.now());
      return count;
    });
    if (n !== null) this.d.onMatches?.(names);
    return n;
  }

  /**
   * A correction that took money back tells the player's debt with its version: the latest
   * of the page per member is kept as the venue's word now (a later balance answer corrects it).
   */
  async #noteDebts(q: Queryable, venue: VenueRow, changes: BetVersion[]): Promise<void> {
    const latest = new Map<number, bigint>();
    for (const v of changes) {
      const memberId = memberIdOfPlayer(v.playerId);
      if (v.debt !== undefined && memberId !== null) latest.set(memberId, parseMoney(v.debt));
    }
    for (const [memberId, debt] of latest) {
      if (await this.d.members.exists(q, memberId))
        await this.d.debts.note(q, memberId, venue.code, debt, this.d.clock.now());
    }
  }

  async #applyVersion(
    q: Queryable,
    venue: VenueRow,
    v: BetVersion,
    minOdds: number,
  ): Promise<boolean> {
    const memberId = memberIdOfPlayer(v.playerId);
    if (memberId === null || !(await this.d.members.exists(q, memberId))) {
      this.d.log.warn({ venue: venue.code, betId: v.betId }, 'bet of an unknown player skipped');
      return false;
    }
    const earlier = await repo.readBetForUpdate(q, venue.code, v.betId);
    if (earlier && earlier.version >= v.version) return false;
    const legs = storedLegs(v);
    const stake = parseMoney(v.stake);
    const status = betStatusOf(v);
    const oddsMilli = betOddsMilli(legs);
    const self = { venueCode: venue.code, betId: v.betId };
    let hedged = false;
    if (status !== 'open' && status !== 'void' && status !== 'push') {
      const partners = await repo.hedgingBets(
        q,
        memberId,
        self,
        legs.map((l) => l.marketId),
        legs.map((l) => `${l.marketId}|${l.outcome}`),
      );
      hedged = partners.length > 0;
      // A partner credited before the hedge was seen gives its credit back.
      for (const p of partners.filter((x) => x.validTurnover > 0n)) {
        await this.d.turnover.reverseValid(
          q,
          memberId,
          p.validTurnover,
          `bet:${p.venueCode}:${p.betId}:hedge:${venue.code}:${v.betId}`,
          `对冲投注不计流水 ${p.betId}`,
        );
        await repo.setValidTurnover(q, p.venueCode, p.betId, 0n);
      }
    }
    const valid = validTurnoverFen(status, stake, oddsMilli, minOdds, hedged);
    await repo.upsertBet(
      q,
      {
        ...self,
        memberId,
        version: v.version,
        changeKind: v.kind,
        status,
        stake,
        payout: v.payout === null ? null : parseMoney(v.payout),
        oddsMilli,
        potentialWin: potentialWinFen(stake, legs),
        legs,
        placedAt: v.placedAt,
        settledAt: v.settledAt,
        validTurnover: valid,
      },
      this.d.clock.now(),
    );
    const delta = valid - (earlier?.validTurnover ?? 0n);
    const reference = `bet:${venue.code}:${v.betId}:${v.version}`;
    if (delta > 0n)
      await this.d.turnover.addValid(
        q,
        memberId,
        delta,
        reference,
        `有效投注 ${venue.name} ${v.betId}`,
      );
    if (delta < 0n)
      await this.d.turnover.reverseValid(
        q,
        memberId,
        -delta,
        reference,
        `${status === 'void' ? '注单作废' : '重新结算'} ${venue.name} ${v.betId}`,
      );
    return true;
  }
}
