import { parseMoney } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import type { Db, Queryable } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { MemberService } from '../member/member.service';
import type { SettingsService } from '../settings/settings.service';
import { memberIdOfPlayer } from '../venue-registry/player-id';
import type { TurnoverService } from '../wallet/turnover.service';
import type { MerchantClient } from '../venue-registry/merchant-client';
import { DEMO_MERCHANT } from '@nebula/protocol/venue/merchant';
import type { VenueRegistry, VenueRow } from '../venue-registry/venue-registry.service';
import type { BetGroupsService } from './bet-groups.service';
import {
  betOddsMilli,
  betStatusOf,
  gameValidTurnoverFen,
  groupKeyOf,
  isGameBet,
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
  /** Judges single bets together by match and period (contract §6). */
  groups: BetGroupsService;
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
  /**
   * Told, once a page is applied, the members whose bets changed, each with the times of the
   * bets newly placed (the loss, wager and time limits judge them: play-limits.service.ts).
   */
  onBets?: (placed: Map<number, number[]>) => Promise<void>;
}

const PAGE = 200;

/**
 * Pulls each venue's bet changes after its cursor (contract §6) and keeps the platform's copy:
 * the highest version wins. A parlay's valid turnover moves by the difference its new version
 * makes (a void or resettle takes back what was credited); a single's is its group's
 * (bet-groups.service.ts), judged again on every change to the group. The cursor, the copies
 * and the turnover move in one transaction that first re-reads the cursor under a lock and
 * then locks the page's groups: two nodes pulling at once apply a page once (the loser's page
 * is simply dropped), and two venues' feeds touching one group judge it one after the other.
 */
export class BetSyncService {
  constructor(private readonly d: BetSyncDeps) {}

  /** Pulls every open venue's changes until caught up (bounded per call). */
  async pullAll(maxPages = 10): Promise<number> {
    let applied = 0;
    for (const v of await this.d.registry.all()) {
      // The demo merchant's bets are play money (contract §6 Demo play): never pulled, even
      // from a registry row an operator pointed at it before the registry refused it.
      if (v.merchantCode === DEMO_MERCHANT) continue;
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
      await this.d.groups.lock(q, groupsOf(venue.family, changes));
      let count = 0;
      for (const v of changes) {
        if (await this.#applyVersion(q, venue, v, minOdds)) count += 1;
        // Match names for the chat's live scores: a game round has no score.
        if (!isGameBet(venue.family, v.legs))
          for (const l of v.legs) names.set(l.selectionId.split(':')[0] ?? '', l.eventName);
      }
      await this.#noteDebts(q, venue, changes);
      await repo.saveCursor(q, venue.code, 'bets', to, this.d.clock.now());
      return count;
    });
    if (n !== null) this.d.onMatches?.(names);
    if (n !== null && this.d.onBets) await this.d.onBets(placedBy(changes));
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
    // A house game bet earns the venue's validStake as is (contract §6): no group, no hedge
    // and no minimum odds; its credit moves by version like a parlay's.
    const game = isGameBet(venue.family, v.legs);
    const groupKey = game ? null : groupKeyOf(legs);
    const self = { venueCode: venue.code, betId: v.betId };
    let hedged = false;
    if (!game && status !== 'open' && status !== 'void' && status !== 'push') {
      const partners = await repo.hedgingBets(
        q,
        memberId,
        self,
        legs.map((l) => l.marketId),
        legs.map((l) => `${l.marketId}|${l.outcome}`),
      );
      hedged = partners.length > 0;
      // A parlay credited before the hedge was seen gives its credit back; singles are judged
      // by their group's exposure instead.
      for (const p of partners.filter((x) => !x.grouped && x.validTurnover > 0n)) {
        await this.d.turnover.reverseValid(
          q,
          memberId,
          p.validTurnover,
          `bet:${p.venueCode}:${p.betId}:hedge:${venue.code}:${v.betId}`,
          `对冲投注不计流水 ${p.betId}`,
          venue.family,
        );
        await repo.setValidTurnover(q, p.venueCode, p.betId, 0n);
      }
    }
    // A grouped single keeps its share until its group is judged below.
    const valid = game
      ? gameValidTurnoverFen(status, stake, v.validStake)
      : groupKey === null
        ? validTurnoverFen(status, stake, oddsMilli, minOdds, hedged)
        : (earlier?.validTurnover ?? 0n);
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
        groupKey,
      },
      this.d.clock.now(),
    );
    if (groupKey !== null) {
      await this.d.groups.judge(q, memberId, groupKey, minOdds, venue.family);
      return true;
    }
    const delta = valid - (earlier?.validTurnover ?? 0n);
    const reference = `bet:${venue.code}:${v.betId}:${v.version}`;
    if (delta > 0n)
      await this.d.turnover.addValid(
        q,
        memberId,
        delta,
        reference,
        `有效投注 ${venue.name} ${v.betId}`,
        venue.family,
        v.settledAt,
      );
    if (delta < 0n)
      await this.d.turnover.reverseValid(
        q,
        memberId,
        -delta,
        reference,
        `${status === 'void' ? '注单作废' : '重新结算'} ${venue.name} ${v.betId}`,
        venue.family,
      );
    return true;
  }
}

/** The members of a page's changes, each with the times of the bets it newly placed. */
function placedBy(changes: BetVersion[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const v of changes) {
    const memberId = memberIdOfPlayer(v.playerId);
    if (memberId === null) continue;
    const times = out.get(memberId) ?? [];
    if (v.kind === 'placed') times.push(v.placedAt);
    out.set(memberId, times);
  }
  return out;
}

/** The groups a page's singles belong to (contract §6), to be locked before any bet. */
function groupsOf(
  family: VenueRow['family'],
  changes: BetVersion[],
): { memberId: number; groupKey: string }[] {
  const out: { memberId: number; groupKey: string }[] = [];
  for (const v of changes) {
    const memberId = memberIdOfPlayer(v.playerId);
    const groupKey = isGameBet(family, v.legs) ? null : groupKeyOf(storedLegs(v));
    if (memberId !== null && groupKey !== null) out.push({ memberId, groupKey });
  }
  return out;
}
