import type { Db } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import {
  VENUE_LIST_MAX_PAGE,
  venueListCalls,
  venueListPaths,
  type AuditListFilter,
  type AuditListRow,
  type BetListFilter,
  type BetListRow,
  type EventListFilter,
  type EventListRow,
  type PlayerListFilter,
  type PlayerListRow,
  type RoundListFilter,
  type RoundListRow,
  type VenueListCall,
} from '@nebula/protocol/venue/operator-lists';
import type { GameListFilter, GameListRow } from '@nebula/protocol/venue/operator-game-list';
import type {
  DailyReportListFilter,
  DailyReportListRow,
} from '@nebula/protocol/venue/operator-report-list';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Operator } from '../../http/operator-context';
import type { AuditService } from '../audit/audit.service';
import { EXPORT_MAX_ROWS, iso, startCsvExport, type CsvExport } from './csv-export';
import type { HouseVenueService } from '../house-venue/house-venue.service';

export interface HouseVenueExportDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  venue: HouseVenueService;
}

/** Each export's name in its file name and audit target (`export:house-venue-<name>`). */
const EXPORT_NAMES: Record<VenueListCall, string> = {
  bets: 'bets',
  events: 'events',
  rounds: 'rounds',
  auditLog: 'audit',
  players: 'players',
  dailyReports: 'daily-reports',
  games: 'games',
};

interface VenuePage<T> {
  list: T[];
  total: number | null;
  next: string | null;
}

/**
 * The house venue's lists as CSV (docs/architecture.md, "The house venue through the
 * platform"): the first page asked by number gives the count (over 50,000: 9621, nothing
 * audited or written); then the platform follows the venue's cursors 200 rows at a time, each
 * page checked against the protocol (9782 otherwise), and streams rows as they come, audited
 * like every console export. The venue is a third party: its count caps nothing by itself —
 * the writer stops at the cap whatever the venue keeps sending.
 */
export class HouseVenueExportService {
  constructor(
    private readonly d: HouseVenueExportDeps,
    private readonly maxRows = EXPORT_MAX_ROWS,
  ) {}

  async #export<T>(
    op: Operator,
    call: VenueListCall,
    filters: object,
    header: string[],
    row: (r: T) => unknown[],
  ): Promise<CsvExport> {
    const schema = venueListCalls[call].answer as unknown as z.ZodType<VenuePage<T>>;
    const ask = (after?: string) =>
      this.d.venue.checked(
        venueListPaths[call],
        { ...filters, pageSize: VENUE_LIST_MAX_PAGE, ...(after ? { after } : {}) },
        op.userName,
        schema,
      );
    const first = await ask();
    // A numbered first page always carries its count; one without is not the venue's answer.
    if (first.total === null) throw new AppError(ErrorCode.HouseVenueAnswerInvalid);
    async function* rows() {
      let page = first;
      for (;;) {
        for (const r of page.list) yield row(r);
        if (!page.next || page.list.length === 0) return;
        page = await ask(page.next);
      }
    }
    return startCsvExport(this.d, this.maxRows, {
      op,
      what: `house-venue-${EXPORT_NAMES[call]}`,
      filters,
      rows: first.total,
      header,
      source: rows(),
    });
  }

  bets(op: Operator, f: BetListFilter): Promise<CsvExport> {
    return this.#export<BetListRow>(
      op,
      'bets',
      f,
      [
        '注单号',
        '商户',
        '场馆',
        '玩家',
        '状态',
        '结果',
        '投注',
        '派彩',
        '项数',
        '赛事',
        '盘口',
        '游戏',
        '期号',
        '下注时间',
        '结算时间',
      ],
      (b) => [
        b.betId,
        b.merchant,
        b.venueCode,
        b.playerId,
        b.status,
        b.result ?? '',
        b.stake,
        b.payout ?? '',
        b.legs,
        b.eventName ?? '',
        b.marketLabel ?? '',
        b.gameCode ?? '',
        b.roundNo ?? '',
        iso(b.placedAt),
        iso(b.settledAt),
      ],
    );
  }

  events(op: Operator, f: EventListFilter): Promise<CsvExport> {
    return this.#export<EventListRow>(
      op,
      'events',
      f,
      [
        '赛事 ID',
        '项目',
        '联赛',
        '主队',
        '客队',
        '开赛时间',
        '状态',
        '比分',
        '暂停',
        '暂停盘口',
        '赛果来源',
        '注单数',
        '未结注单',
      ],
      (e) => [
        e.eventId,
        e.sport,
        e.leagueId,
        e.home,
        e.away,
        iso(e.startsAt),
        e.status,
        `${e.score.home}:${e.score.away}`,
        e.held ? '是' : '否',
        e.heldMarkets.join(' '),
        e.resultSource,
        e.bets,
        e.openBets,
      ],
    );
  }

  rounds(op: Operator, f: RoundListFilter): Promise<CsvExport> {
    return this.#export<RoundListRow>(
      op,
      'rounds',
      f,
      [
        '游戏',
        '期号',
        '种子链',
        '链序号',
        '状态',
        '开盘时间',
        '开奖时间',
        '作废原因',
        '注单数',
        '投注',
        '派彩',
        '毛利',
      ],
      (r) => [
        r.gameCode,
        r.roundNo,
        r.chainId,
        r.chainIndex,
        r.status,
        iso(r.opensAt),
        iso(r.drawAt),
        r.voidCause ?? '',
        r.bets,
        r.stakes,
        r.payouts,
        r.ggr,
      ],
    );
  }

  audit(op: Operator, f: AuditListFilter): Promise<CsvExport> {
    return this.#export<AuditListRow>(
      op,
      'auditLog',
      f,
      ['#', '时间', '操作人', '动作', '对象', '详情'],
      (a) => [a.id, iso(a.at), a.operator, a.action, a.target, JSON.stringify(a.detail)],
    );
  }

  players(op: Operator, f: PlayerListFilter): Promise<CsvExport> {
    return this.#export<PlayerListRow>(
      op,
      'players',
      f,
      ['商户', '场馆', '玩家', '余额', '欠款', '注单数', '最近下注'],
      (p) => [p.merchant, p.venueCode, p.playerId, p.balance, p.debt, p.bets, iso(p.lastBetAt)],
    );
  }

  dailyReports(op: Operator, f: DailyReportListFilter): Promise<CsvExport> {
    return this.#export<DailyReportListRow>(
      op,
      'dailyReports',
      f,
      ['日期', '项目', '注单数', '投注', '派彩', '毛利'],
      (r) => [r.date, r.sport, r.bets, r.stakes, r.payouts, r.ggr],
    );
  }

  games(op: Operator, f: GameListFilter): Promise<CsvExport> {
    return this.#export<GameListRow>(
      op,
      'games',
      f,
      ['游戏代码', '名称', '类别', '状态', '剩余期数'],
      (g) => [g.gameCode, g.name, g.family, g.status, g.roundsLeft],
    );
  }
}
