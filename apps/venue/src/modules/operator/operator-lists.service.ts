import type { Db } from '@nebula/db';
import { fenToYuanString } from '@nebula/protocol';
import type {
  AuditListFilter,
  AuditListRow,
  BetListFilter,
  BetListRow,
  EventListFilter,
  EventListRow,
  PlayerListFilter,
  PlayerListRow,
  RoundListFilter,
  RoundListRow,
} from '@nebula/protocol/venue/operator-lists';
import type { GameListFilter, GameListRow } from '@nebula/protocol/venue/operator-game-list';
import type {
  DailyReportListFilter,
  DailyReportListRow,
} from '@nebula/protocol/venue/operator-report-list';
import * as repo from './operator-lists.repository';
import { dailyReportList } from './operator-report-list.service';
import { likeText, US_TIME, Where } from './operator-lists.repository';
import {
  dayStart,
  filterInvalid,
  pageOf,
  signedYuan,
  sliceOf,
  type ListPage,
  type ListPaging,
} from './operator-list-paging';

const DAY_MS = 24 * 3600_000;

const ms = (d: Date) => d.getTime();
const msOrNull = (d: Date | null) => (d === null ? null : d.getTime());

/** `[from, to]` Shanghai days on `column`, inclusive; from after to is 9781. */
function addDays(w: Where, column: string, f: { from?: string; to?: string }) {
  if (f.from && f.to && f.from > f.to) throw filterInvalid();
  if (f.from) w.add(`${column} >= ?`, new Date(dayStart(f.from)));
  if (f.to) w.add(`${column} < ?`, new Date(dayStart(f.to) + DAY_MS));
}

/** A cursor `<µs>.<rest>` as this list wrote it; anything else is 9781. */
function timeCursor(after: string, rest: RegExp): [string, RegExpExecArray] {
  const m = /^(\d{1,17})\.(.+)$/.exec(after);
  const r = m ? rest.exec(m[2]!) : null;
  if (!m || !r) throw filterInvalid();
  return [m[1]!, r];
}

/**
 * The operator lists (contract §6 "Lists"): each filter becomes a bound clause, each page is
 * at most 200 rows (the schema's cap) and carries the cursor of the next one.
 */
export class OperatorListService {
  constructor(private readonly db: Db) {}

  async bets(f: BetListFilter, p: ListPaging): Promise<ListPage<BetListRow>> {
    const w = new Where();
    if (f.eventId)
      w.add(
        'EXISTS (SELECT 1 FROM venue_bet_legs l WHERE l.bet_id = b.id AND l.event_id = ?)',
        f.eventId,
      );
    if (f.marketId)
      w.add(
        `EXISTS (SELECT 1 FROM venue_bet_legs l WHERE l.bet_id = b.id
                   AND (l.market_id = ? OR starts_with(l.market_id, ? || ':')))`,
        f.marketId,
        f.marketId,
      );
    if (f.merchant) w.add('b.merchant = ?', f.merchant);
    if (f.venueCode) w.add('b.venue_code = ?', f.venueCode);
    if (f.playerId) w.add('b.player_id = ?', f.playerId);
    if (f.status) w.add('b.status = ?', f.status);
    if (f.gameCode) w.add('b.game_code = ?', f.gameCode);
    addDays(w, 'b.placed_at', f);
    if (p.after) {
      const [us, [, id]] = timeCursor(p.after, /^([A-Za-z0-9_-]{1,40})$/);
      w.add(`(b.placed_at, b.id) < (${US_TIME}, ?)`, us, id);
    }
    const r = await repo.listBets(this.db, w, sliceOf(p), !p.after);
    return pageOf(
      p,
      r,
      (b) => ({
        betId: b.id,
        merchant: b.merchant,
        venueCode: b.venue_code,
        playerId: b.player_id,
        status: b.status as BetListRow['status'],
        result: b.result,
        stake: fenToYuanString(BigInt(b.stake)),
        payout: b.payout === null ? null : fenToYuanString(BigInt(b.payout)),
        legs: b.legs,
        eventName: b.event_name,
        marketLabel: b.market_label,
        gameCode: b.game_code,
        roundNo: b.round_no,
        placedAt: ms(b.placed_at),
        settledAt: msOrNull(b.settled_at),
      }),
      (b) => `${b.key_us}.${b.id}`,
    );
  }

  async events(f: EventListFilter, p: ListPaging): Promise<ListPage<EventListRow>> {
    const w = new Where();
    if (f.sport) w.add('e.sport = ?', f.sport);
    if (f.status) w.add('e.status = ?', f.status);
    if (f.hold === 'held') w.add('(e.held OR cardinality(e.held_markets) > 0)');
    if (f.hold === 'open') w.add('NOT (e.held OR cardinality(e.held_markets) > 0)');
    if (f.q) {
      const t = likeText(f.q);
      w.add('(e.id ILIKE ? OR e.home ILIKE ? OR e.away ILIKE ?)', t, t, t);
    }
    addDays(w, 'e.starts_at', f);
    if (p.after) {
      const [us, [, id]] = timeCursor(p.after, /^([A-Za-z0-9_-]{1,40})$/);
      w.add(`(e.starts_at, e.id) < (${US_TIME}, ?)`, us, id);
    }
    const r = await repo.listEvents(this.db, w, sliceOf(p), !p.after);
    return pageOf(
      p,
      r,
      (e) => ({
        eventId: e.id,
        sport: e.sport,
        leagueId: e.league_id,
        home: e.home,
        away: e.away,
        startsAt: ms(e.starts_at),
        status: e.status,
        score: { home: e.score_home, away: e.score_away },
        held: e.held,
        heldMarkets: e.held_markets,
        resultSource: e.result_source,
        bets: e.bets,
        openBets: e.open_bets,
      }),
      (e) => `${e.key_us}.${e.id}`,
    );
  }

  async rounds(f: RoundListFilter, p: ListPaging): Promise<ListPage<RoundListRow>> {
    const w = new Where();
    if (f.gameCode) w.add('r.game_code = ?', f.gameCode);
    if (f.status) w.add('r.status = ?', f.status);
    if (f.roundNo) w.add('r.round_no = ?', f.roundNo);
    addDays(w, 'r.opens_at', f);
    if (p.after) {
      const [us, [, game, no]] = timeCursor(p.after, /^([A-Z][A-Z0-9]{1,15}):([1-9][0-9]{0,19})$/);
      w.add(`(r.opens_at, r.game_code, r.round_no) < (${US_TIME}, ?, ?)`, us, game, no);
    }
    const r = await repo.listRounds(this.db, w, sliceOf(p), !p.after);
    return pageOf(
      p,
      r,
      (x) => {
        const stakes = BigInt(x.stakes);
        const payouts = BigInt(x.payouts);
        return {
          gameCode: x.game_code,
          roundNo: x.round_no,
          chainId: x.chain_id,
          chainIndex: x.chain_index,
          status: x.status,
          opensAt: ms(x.opens_at),
          drawAt: ms(x.draw_at),
          voidCause: x.void_cause,
          bets: x.bets,
          stakes: fenToYuanString(stakes),
          payouts: fenToYuanString(payouts),
          ggr: signedYuan(stakes - payouts),
        };
      },
      (x) => `${x.key_us}.${x.game_code}:${x.round_no}`,
    );
  }

  async audit(f: AuditListFilter, p: ListPaging): Promise<ListPage<AuditListRow>> {
    const w = new Where();
    if (f.operator) w.add('a.operator ILIKE ?', likeText(f.operator));
    if (f.action) w.add("(a.action = ? OR starts_with(a.action, ? || '.'))", f.action, f.action);
    if (f.target) w.add('a.target ILIKE ?', likeText(f.target));
    addDays(w, 'a.at', f);
    if (p.after) {
      if (!/^[1-9]\d{0,17}$/.test(p.after)) throw filterInvalid();
      w.add('a.id < ?::bigint', p.after);
    }
    const r = await repo.listAudit(this.db, w, sliceOf(p), !p.after);
    return pageOf(
      p,
      r,
      (a) => ({
        id: Number(a.id),
        operator: a.operator,
        action: a.action,
        target: a.target,
        detail:
          typeof a.detail === 'string'
            ? (JSON.parse(a.detail) as Record<string, unknown>)
            : a.detail,
        at: ms(a.at),
      }),
      (a) => a.id,
    );
  }

  /** The sportsbook's daily report over a range of days (operator-report-list.service.ts). */
  dailyReports(f: DailyReportListFilter, p: ListPaging): Promise<ListPage<DailyReportListRow>> {
    return dailyReportList(this.db, f, p);
  }

  async players(f: PlayerListFilter, p: ListPaging): Promise<ListPage<PlayerListRow>> {
    const w = new Where();
    if (f.merchant) w.add('w.merchant = ?', f.merchant);
    if (f.venueCode) w.add('w.venue_code = ?', f.venueCode);
    if (f.playerId) w.add('starts_with(w.player_id, ?)', f.playerId);
    if (f.owes === 'yes') w.add('w.debt > 0');
    if (f.owes === 'no') w.add('w.debt = 0');
    if (p.after) {
      const m = /^([A-Z][A-Z0-9_]{1,31}):([A-Z][A-Z0-9_]{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(
        p.after,
      );
      if (!m) throw filterInvalid();
      w.add('(w.merchant, w.venue_code, w.player_id) > (?, ?, ?)', m[1], m[2], m[3]);
    }
    const r = await repo.listPlayers(this.db, w, sliceOf(p), !p.after);
    return pageOf(
      p,
      r,
      (x) => ({
        merchant: x.merchant,
        venueCode: x.venue_code,
        playerId: x.player_id,
        balance: fenToYuanString(BigInt(x.balance)),
        debt: fenToYuanString(BigInt(x.debt)),
        bets: x.bets,
        lastBetAt: msOrNull(x.last_bet_at),
      }),
      (x) => `${x.merchant}:${x.venue_code}:${x.player_id}`,
    );
  }

  async games(f: GameListFilter, p: ListPaging): Promise<ListPage<GameListRow>> {
    const w = new Where();
    if (f.status) w.add('g.status = ?', f.status);
    if (f.q) {
      const t = likeText(f.q);
      w.add('(g.code ILIKE ? OR g.name ILIKE ?)', t, t);
    }
    if (p.after) {
      if (!/^[A-Z][A-Z0-9]{1,15}$/.test(p.after)) throw filterInvalid();
      w.add('g.code > ?', p.after);
    }
    const r = await repo.listGames(this.db, w, sliceOf(p), !p.after);
    return pageOf(
      p,
      r,
      (g) => ({
        gameCode: g.code,
        name: g.name,
        family: g.family,
        status: g.status,
        roundsLeft: g.rounds_left,
      }),
      (g) => g.code,
    );
  }
}
