import { createHash, randomBytes } from 'node:crypto';
import { betNumbersOf } from '../bet-numbers/bet-numbers.service';
import type { StakeAllowance } from '../allowance/allowance.service';
import type { Db } from '@nebula/db';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import { gameSelectionId } from '@nebula/protocol/venue/games/game-selection';
import type {
  MyTableBets,
  MyTableBetsQuery,
  PlaceTableBetsRequest,
  PlaceTableBetsResult,
} from '@nebula/protocol/venue/games/tables-api';
import {
  OPPOSED_ZONES,
  TABLE_ZONE_NAMES,
  zonesOfKind,
  type TableZone,
} from '@nebula/protocol/venue/games/tables-zones';
import type { GameFamily } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';
import { insertGameBets, listPlayerGameBets, readSlipBets } from '../bets/bet.service';
import type { GameBetRow } from '../bets/bet.service';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import { gameBetVersion } from './game-bet-view.model';
import { addRoundStake, claimSlip, findSlip } from './game-bets.repository';
import { findGame } from './games.repository';
import { TABLE_CATALOGUE, TABLE_FAMILY, tableDefinition } from './tables-catalogue';
import { readTable, findTableRound, type TableRow } from './table.repository';
import { zoneOddsMilli } from './table-shoe.model';
import { limitsView, tableBetView } from './table-views.model';

const refuse = (code: ErrorCode, data?: Record<string, unknown>) => new VenueError(code, data);

/**
 * Bets at the live tables (docs/contract.md §10.12). One request is one transaction: the round
 * read under a share lock (its seal waits for placements under way; every later one sees it),
 * the key claimed, the member's round total raised under the table's per-round limit, the
 * zones checked against what the member already holds on the round (per-zone limit, never
 * both 庄 and 闲 nor 龙 and 虎), the stakes debited through the venue ledger (`bet:{betId}`),
 * the bets and their first versions written. A refusal rolls all of it back; a retry of the
 * key answers the first result.
 */
export class TableBetsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VenueLedger,
    private readonly gameFamilyOf: ReadonlyMap<string, GameFamily>,
    private readonly now: () => number,
    /** The platform's loss and wager allowance (allowance.service.ts), taken with the debit. */
    private readonly allowance: StakeAllowance | null = null,
  ) {}

  /** The table, when the session's venue offers it (a ZR game venue); 8120 otherwise. */
  async tableFor(player: PlayerRef, code: string): Promise<TableRow> {
    const table = tableDefinition(code) ? await readTable(this.db, code) : null;
    if (!table || this.gameFamilyOf.get(player.venueCode) !== TABLE_FAMILY) {
      throw refuse(ErrorCode.VenueTableUnknown);
    }
    return table;
  }

  async place(
    player: PlayerRef,
    code: string,
    req: PlaceTableBetsRequest,
  ): Promise<PlaceTableBetsResult> {
    const requestHash = createHash('sha256')
      .update(JSON.stringify([code, req.roundNo, req.bets]))
      .digest('hex');
    const key = { ...player, requestKey: req.requestKey };
    try {
      const placed = await this.#place(player, code, req, requestHash);
      if (placed) return placed;
    } catch (err) {
      // A retry of placed bets answers them whatever changed since (the seal, the balance).
      if (!(err instanceof VenueError) || err.code === ErrorCode.BetRequestConflict) throw err;
      if (!(await findSlip(this.db, key))) throw err;
    }
    const first = await findSlip(this.db, key);
    if (!first || first.requestHash !== requestHash) {
      throw refuse(ErrorCode.BetRequestConflict);
    }
    const bets = await readSlipBets(this.db, first.slipId);
    const balance = (await this.ledger.wallet(this.db, player)).balance;
    return {
      requestKey: req.requestKey,
      tableCode: first.gameCode,
      roundNo: first.roundNo,
      bets: bets.map(tableBetView),
      total: fenToYuanString(first.total),
      balance: fenToYuanString(balance),
    };
  }

  /** Checks that need no database: zones of the table, amounts in chips and limits. */
  #check(table: TableRow, req: PlaceTableBetsRequest): Map<TableZone, bigint> {
    const offered = zonesOfKind(table.kind);
    const amounts = new Map<TableZone, bigint>();
    for (const b of req.bets) {
      if (!offered.includes(b.zone) || amounts.has(b.zone)) {
        throw refuse(ErrorCode.VenueTableZoneInvalid);
      }
      amounts.set(b.zone, parseMoney(b.amount));
    }
    const chip = table.chips[0]!;
    for (const [zone, amount] of amounts) {
      const l = table.zoneLimits[zone];
      if (!l || amount % chip !== 0n || amount < l.min || amount > l.max) {
        throw refuse(ErrorCode.VenueTableAmountInvalid, limitsView(table));
      }
    }
    for (const [a, b] of OPPOSED_ZONES) {
      if (amounts.has(a) && amounts.has(b)) throw refuse(ErrorCode.VenueTableBothSides);
    }
    return amounts;
  }

  async #place(
    player: PlayerRef,
    code: string,
    req: PlaceTableBetsRequest,
    requestHash: string,
  ): Promise<PlaceTableBetsResult | null> {
    const table = await this.tableFor(player, code);
    const amounts = this.#check(table, req);
    const total = [...amounts.values()].reduce((s, a) => s + a, 0n);
    const slipId = randomBytes(12).toString('base64url');
    return this.db.tx(async (q) => {
      const now = this.now();
      const round = await findTableRound(q, code, req.roundNo, 'share');
      if (!round) throw refuse(ErrorCode.VenueTableRoundUnknown);
      if ((await findGame(q, code))?.status !== 'open') throw refuse(ErrorCode.VenueTableClosed);
      // Past its sealAt whatever its stored state.
      if (now >= round.sealAt || round.state !== 'betting') {
        throw refuse(ErrorCode.VenueTableBetSealed);
      }
      const claimed = await claimSlip(
        q,
        key(player, req.requestKey),
        { slipId, requestHash, gameCode: code, roundNo: req.roundNo, total },
        now,
      );
      if (!claimed) return null;
      // The member's round row, locked by this raise, orders their placements on the round.
      const at = { ...player, gameCode: code, roundNo: req.roundNo };
      if (!(await addRoundStake(q, at, total, table.maxPerRound))) {
        throw refuse(ErrorCode.VenueTableRoundLimit, limitsView(table));
      }
      const held = await listPlayerGameBets(q, {
        ...player,
        gameCode: code,
        roundNo: req.roundNo,
        settled: null,
        before: null,
        limit: 100,
      });
      const mine = new Map(amounts);
      for (const b of held) {
        const zone = b.marketId.slice(`g:${code}:${req.roundNo}:`.length) as TableZone;
        mine.set(zone, (mine.get(zone) ?? 0n) + b.stake);
      }
      for (const [a, b] of OPPOSED_ZONES) {
        if (mine.has(a) && mine.has(b)) throw refuse(ErrorCode.VenueTableBothSides);
      }
      for (const [zone, amount] of mine) {
        if (amount > (table.zoneLimits[zone]?.max ?? 0n)) {
          throw refuse(ErrorCode.VenueTableAmountInvalid, limitsView(table));
        }
      }
      const def = tableDefinition(code)!;
      const ids = await betNumbersOf(this.db).take(q, now, amounts.size);
      const bets = [...amounts].map(([zone, stake], i) =>
        this.#row(player, def.name, table, {
          id: ids[i]!,
          zone,
          stake,
          roundNo: req.roundNo,
          slipId,
          requestKey: `${slipId}:${i}`,
          requestHash,
          now,
        }),
      );
      const debit = await this.ledger.postMany(
        q,
        bets.map((b) => ({
          reference: `bet:${b.id}`,
          kind: 'bet_stake',
          postings: [
            { account: playerAccount(player), amount: -b.stake },
            { account: bookAccount(player), amount: b.stake },
          ],
        })),
      );
      if (!debit.posted) throw refuse(ErrorCode.BetBalanceInsufficient);
      await this.allowance?.take(
        q,
        player,
        bets.reduce((sum, b) => sum + b.stake, 0n),
      );
      await insertGameBets(
        q,
        bets,
        bets.map((b) => gameBetVersion(b, 'accepted')),
      );
      const balance = (await this.ledger.wallet(q, player)).balance;
      return {
        requestKey: req.requestKey,
        tableCode: code,
        roundNo: req.roundNo,
        bets: bets.map(tableBetView),
        total: fenToYuanString(total),
        balance: fenToYuanString(balance),
      };
    });
  }

  #row(
    player: PlayerRef,
    name: string,
    table: TableRow,
    b: {
      id: string;
      zone: TableZone;
      stake: bigint;
      roundNo: string;
      slipId: string;
      requestKey: string;
      requestHash: string;
      now: number;
    },
  ): GameBetRow & { requestKey: string; requestHash: string } {
    const zoneName = TABLE_ZONE_NAMES[b.zone];
    return {
      id: b.id,
      ...player,
      gameCode: table.code,
      roundNo: b.roundNo,
      slipId: b.slipId,
      requestKey: b.requestKey,
      requestHash: b.requestHash,
      stake: b.stake,
      status: 'open',
      result: null,
      payout: null,
      validStake: null,
      placedAt: b.now,
      settledAt: null,
      version: 1,
      selectionId: gameSelectionId(table.code, b.roundNo, b.zone, ''),
      eventId: `g:${table.code}:${b.roundNo}`,
      marketId: `g:${table.code}:${b.roundNo}:${b.zone}`,
      oddsMilli: zoneOddsMilli(table.kind, table.noCommission, b.zone),
      eventName: `${name} 第${b.roundNo}局`,
      marketLabel: zoneName,
      outcomeLabel: zoneName,
      // The per-zone limits bound what the house stands to lose; no selection reservation.
      liability: 0n,
      legResult: null,
    };
  }

  /** The member's own table bets, newest first. */
  async mine(player: PlayerRef, f: MyTableBetsQuery): Promise<MyTableBets> {
    const codes = new Set(TABLE_CATALOGUE.map((t) => t.code));
    const rows = await listPlayerGameBets(this.db, {
      ...player,
      gameCode: f.tableCode ?? null,
      roundNo: null,
      settled: null,
      before: f.before ?? null,
      limit: f.limit + 1,
    });
    const mine = rows.filter((b) => codes.has(b.gameCode));
    return { bets: mine.slice(0, f.limit).map(tableBetView), more: rows.length > f.limit };
  }
}

const key = (p: PlayerRef, requestKey: string) => ({ ...p, requestKey });
