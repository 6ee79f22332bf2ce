import { fenToYuanString } from '@nebula/protocol';
import type { EventView, Preferences, PreferencesView } from '@nebula/protocol/venue/h5';
import { familyOfSport, sportsOfFamily, type Sport } from '@nebula/protocol/venue/markets';
import { mainLines } from '@nebula/protocol/venue/main-lines';
import type { VenueFamily } from '../../infra/config';
import type { Db } from '@nebula/db';
import type { BookService, EventBook } from '../book/book.service';
import { leagueOf } from '../catalogue/fixture.model';
import * as events from '../events/event.service';
import { clockOf } from '../events/event-sync.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import { VenueError } from '../../infra/venue-error';
import { ErrorCode } from '@nebula/protocol';
import { OddsType } from '@nebula/protocol/odds/odds';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import * as prefs from './prefs.repository';
import { betView } from '../bets/bet-view.model';
import * as bets from '../bets/bet.service';

const DAY_MS = 24 * 3600_000;

/** The sports a list shows: the venue's family, narrowed to one sport when asked. */
const sportsIn = (family: VenueFamily, sport?: Sport): readonly Sport[] =>
  sportsOfFamily(family).filter((s) => sport === undefined || s === sport);
const SHANGHAI_MS = 8 * 3600_000;

/**
 * What the venue page reads: 早盘 / 今日 / 滚球 lists with their counts, a match's whole book,
 * results, the player's venue balance and preferences. Pure reads over the events the leader
 * writes and the prices every node computes from them.
 */
export class H5Service {
  constructor(
    private readonly db: Db,
    private readonly book: BookService,
    private readonly ledger: VenueLedger,
    private readonly now: () => number,
  ) {}

  view(b: EventBook, all: boolean): EventView {
    const ev = b.event;
    const started = ev.status !== 'scheduled';
    return {
      eventId: ev.id,
      sport: ev.sport,
      leagueId: ev.leagueId,
      league: leagueOf(ev).name,
      home: ev.home,
      away: ev.away,
      startsAt: ev.startsAt,
      status: ev.status,
      clock: ev.status === 'live' ? clockOf(ev) : null,
      score: started ? ev.score : null,
      halfTime: ev.halfTime,
      suspended: b.suspended,
      version: ev.version,
      // The list shows the main full-time lines, by the page's own rule.
      markets: all ? b.markets : mainLines(b.markets),
    };
  }

  async list(family: VenueFamily, tab: 'early' | 'today' | 'live', sport?: Sport) {
    await this.book.fresh();
    const now = this.now();
    const dayEnd = Math.floor((now + SHANGHAI_MS) / DAY_MS) * DAY_MS - SHANGHAI_MS + DAY_MS;
    const open = await events.listEvents(this.db, {
      from: now - 6 * 3600_000,
      to: now + 3 * DAY_MS,
      statuses: ['scheduled', 'live'],
      sports: sportsIn(family, sport),
    });
    const tabOf = (ev: events.EventRow) =>
      ev.status === 'live' ? 'live' : ev.startsAt < dayEnd ? 'today' : 'early';
    const counts = { early: 0, today: 0, live: 0 };
    for (const ev of open) counts[tabOf(ev)] += 1;
    const chosen = open.filter(
      (ev) => tabOf(ev) === tab && !(ev.status === 'scheduled' && ev.startsAt <= now),
    );
    return {
      events: chosen.map((ev) => this.view(this.book.bookOf(ev), false)),
      counts,
    };
  }

  async event(family: VenueFamily, id: string): Promise<EventView> {
    const b = await this.book.book(id);
    if (!b || familyOfSport(b.event.sport) !== family) {
      throw new VenueError(ErrorCode.BetSelectionUnknown);
    }
    return this.view(b, true);
  }

  /** 赛果: matches finished in the last two days. */
  async results(family: VenueFamily, sport?: Sport) {
    await this.book.fresh();
    const now = this.now();
    const done = await events.listEvents(this.db, {
      from: now - 2 * DAY_MS,
      to: now,
      statuses: ['finished'],
      sports: sportsIn(family, sport),
    });
    return { events: done.reverse().map((ev) => this.view(this.book.bookOf(ev), false)) };
  }

  /** 我的注单: open (pending and accepted) or ended bets, newest first. */
  async myBets(p: PlayerRef, settled: boolean, limit: number) {
    const rows = await bets.listPlayerBets(this.db, { ...p, settled, limit });
    return { bets: rows.map(betView) };
  }

  async balance(p: PlayerRef) {
    const { balance, debt } = await this.ledger.wallet(this.db, p);
    return { balance: fenToYuanString(balance), debt: fenToYuanString(debt) };
  }

  async preferences(p: PlayerRef): Promise<PreferencesView> {
    const stored = await prefs.readPrefs(this.db, p);
    return {
      // 香港盘 until the player picks another, as Chinese books show by default.
      oddsType: stored.oddsType ?? OddsType.Hongkong,
      // Only a better price is taken without asking until the player picks otherwise.
      oddsChangePolicy: stored.oddsChangePolicy ?? 'better',
    };
  }

  async setPreferences(p: PlayerRef, change: Preferences): Promise<PreferencesView> {
    await this.db.tx((q) =>
      prefs.writePrefs(q, p, {
        oddsType: change.oddsType ?? null,
        oddsChangePolicy: change.oddsChangePolicy ?? null,
      }),
    );
    return this.preferences(p);
  }
}
