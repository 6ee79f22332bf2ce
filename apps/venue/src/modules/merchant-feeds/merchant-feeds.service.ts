import { familyOfSport, sportsOfFamily } from '@nebula/protocol/venue/markets';
import { leagueOf } from '../catalogue/fixture.model';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import type { Db } from '@nebula/db';
import type { BookService } from '../book/book.service';
import * as events from '../events/event.service';
import { readScoreChangesAfter, readVersionsAfter } from '../bets/bet.service';

type Counts = { live: number; today: number };
/** The house game families' counts (the games module's, passed in). */
export type GameCounts = () => Promise<Record<'CP' | 'ZR' | 'DZ', Counts>>;

const DAY_MS = 24 * 3600_000;
const SHANGHAI_MS = 8 * 3600_000;

/** A cursor is the last sequence number delivered, as text ('' for the start). */
const parseCursor = (cursor: string): bigint => (/^\d{1,18}$/.test(cursor) ? BigInt(cursor) : 0n);

/**
 * What a merchant pulls (contract §6): bet versions and score changes after a cursor, and the
 * per-family summary with hot events for the member site's home page and counts.
 */
export class MerchantFeedsService {
  constructor(
    private readonly db: Db,
    private readonly book: BookService,
    private readonly now: () => number,
    private readonly gameCounts: GameCounts = () =>
      Promise.resolve({
        CP: { live: 0, today: 0 },
        ZR: { live: 0, today: 0 },
        DZ: { live: 0, today: 0 },
      }),
  ) {}

  async betChanges(
    merchant: string,
    venueCode: string,
    cursor: string,
    limit: number,
  ): Promise<{ changes: BetVersion[]; cursor: string }> {
    const after = parseCursor(cursor);
    const rows = await this.db.tx((q) =>
      readVersionsAfter(q, { merchant, venueCode, after, limit }),
    );
    return {
      changes: rows.map((r) => r.body),
      cursor: rows.length > 0 ? String(rows[rows.length - 1]!.seq) : cursor,
    };
  }

  async scoreChanges(cursor: string, limit: number) {
    const rows = await this.db.tx((q) => readScoreChangesAfter(q, parseCursor(cursor), limit));
    return {
      changes: rows.map((r) => ({
        eventId: r.event_id,
        version: r.version,
        status: r.status as events.EventStatus,
        score: r.score,
        clock: r.clock,
      })),
      cursor: rows.length > 0 ? String(rows[rows.length - 1]!.seq) : cursor,
    };
  }

  /** The per-family counts (contract §6) as OBTY answers them: every family, ours filled in. */
  async counts() {
    const { families } = await this.#familyCounts();
    const games = await this.gameCounts();
    const none = { live: 0, today: 0 };
    return { TY: families.TY, DJ: families.DJ, DZ: games.DZ, ZR: games.ZR, CP: games.CP, QP: none };
  }

  async #familyCounts() {
    const now = this.now();
    const dayStart = Math.floor((now + SHANGHAI_MS) / DAY_MS) * DAY_MS - SHANGHAI_MS;
    const families = { TY: { live: 0, today: 0 }, DJ: { live: 0, today: 0 } };
    for (const row of await events.familyCounts(this.db, dayStart, dayStart + DAY_MS)) {
      const f = families[familyOfSport(row.sport)];
      f.live += row.live;
      f.today += row.today;
    }
    return { families, now, dayStart };
  }

  /**
   * Live and today's counts per family (TY sports, DJ esports) and up to 8 hot events of the
   * asking venue's family, live first.
   */
  async summary(family: 'TY' | 'DJ' | 'CP' | 'ZR' | 'DZ') {
    if (family !== 'TY' && family !== 'DJ') {
      // A game venue: its family's rounds (and the sportsbook's counts beside), no hot events.
      const { families } = await this.#familyCounts();
      return { families: { ...families, ...(await this.gameCounts()) }, hot: [] };
    }
    await this.book.fresh();
    const { families, now, dayStart } = await this.#familyCounts();
    const candidates = await events.listEvents(this.db, {
      from: now - 3 * 3600_000,
      to: dayStart + DAY_MS,
      statuses: ['live', 'scheduled'],
      sports: sportsOfFamily(family),
    });
    const hot = candidates
      .sort((a, b) => Number(b.status === 'live') - Number(a.status === 'live'))
      .map((ev) => this.book.bookOf(ev))
      .filter((b) => b.markets.length > 0)
      .slice(0, 8)
      .map((b) => {
        const main = b.markets[0]!;
        return {
          eventId: b.event.id,
          sport: b.event.sport,
          league: leagueOf(b.event).name,
          home: b.event.home,
          away: b.event.away,
          startsAt: b.event.startsAt,
          live: b.live,
          score: b.live ? `${b.event.score.home}-${b.event.score.away}` : null,
          prices: Object.fromEntries(main.selections.map((s) => [s.selectionId, s.oddsMilli])),
        };
      });
    return { families, hot };
  }
}
