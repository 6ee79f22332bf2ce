import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  parseMoney,
  type AutoTransfer,
  type RecallResult,
  type RecallUnreachable,
  type TransferOrder,
  type TransferOrderRequest,
  type TransferResult,
  type WalletBalances,
} from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { IdempotencyService } from '../../idempotency/idempotency.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { MemberService } from '../member/member.service';
import type { SettingsService } from '../settings/settings.service';
import type { MerchantClient } from '../venue-registry/merchant-client';
import type { VenueRegistry, VenueRow } from '../venue-registry/venue-registry.service';
import { deriveTransferId, type TransferEngine } from './transfer-engine';
import { playerIdOf } from '../venue-registry/player-id';
import * as repo from './transfer.repository';
import { walletView } from './wallet-view';
import { listTransferOrders, presentTransfer, type TransferOrderFilter } from './transfer-orders';
import type { TransferKind, TransferRow } from './transfer.repository';
import { saveVenueAnswer } from './venue-debt.repository';
import type { PlayGuard } from '../play-break/play-break.service';
import type { TransferThrottle } from './transfer-throttle';
import type { RecallThrottle } from './recall-throttle';

export interface TransferDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  registry: VenueRegistry;
  merchant: MerchantClient;
  settings: SettingsService;
  members: MemberService;
  /** Refuses transfers in to members on a time-out or self-exclusion (contract §5). */
  play: PlayGuard;
  engine: TransferEngine;
  /** Transfer orders per member per minute (`transferOrdersPerMinute`). */
  throttle: TransferThrottle;
  /** The member's 一键回收: one at a time and a few a minute. */
  recallThrottle: RecallThrottle;
  /** Keeps a refusal given before a transfer opens as its key's answer. */
  idempotency: IdempotencyService;
}

const BALANCE_TIMEOUT_MS = 4000;
type OrderFields = 'memberId' | 'venueCode' | 'direction' | 'amount';

/**
 * Transfers main ↔ venue as members make them (contract §6): `order` (in or out), 一键回收,
 * 免转 before a launch, the member's transfer list and balances. Ids come from the member and
 * the idempotency key, so a retry at any time answers the transfer's current status. The money
 * itself moves in the engine.
 */
export class TransferService {
  constructor(private readonly d: TransferDeps) {}

  async order(memberId: number, key: string, req: TransferOrderRequest): Promise<TransferResult> {
    const venue = await this.d.registry.require(req.venueCode);
    const amount = parseMoney(req.amount);
    const id = deriveTransferId('T', memberId, 'order', key);
    const earlier = await repo.readTransfer(this.d.db, id);
    const want = { memberId, venueCode: venue.code, direction: req.direction, amount };
    if (earlier) return this.#result(this.#sameOrRefuse(earlier, want));
    // A refusal given before the transfer opened is the key's answer too: a retry after the
    // venue's maintenance ends is refused the same way, never quietly turned into a transfer.
    const call = {
      scope: `member:${memberId}`,
      route: 'transferOrder',
      key,
      request: { venueCode: venue.code, direction: req.direction, amount: amount.toString() },
    };
    const begun = await this.d.idempotency.begin(call);
    if (begun.replay) throw AppError.fromOutcome(begun.replay);
    // A new order counts before anything is written; a retry of its key (above) never does.
    const { transferOrdersPerMinute } = await this.d.settings.get();
    await this.d.throttle.count(memberId, transferOrdersPerMinute);
    try {
      if (amount <= 0n) throw new AppError(ErrorCode.TransferAmountZero);
      if (req.direction === 'in') await this.assertCanSendIn(memberId, venue);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const first = await this.d.idempotency.storeError({ ...call, ...begun }, err);
      throw AppError.fromOutcome(first);
    }
    const row = await this.#run({
      id,
      memberId,
      venue,
      direction: req.direction,
      amount,
      kind: 'manual',
    });
    return this.#result(row);
  }

  /**
   * 6014 for a venue in maintenance, 6013 for its family, 9202 for a member on a break, 9220
   * when a loss, wager or time limit is reached (contract §5). A blocked member never gets here: the block ends their sessions and every call of theirs is
   * refused (10104) by the guard. Money going out is never refused for these.
   */
  async assertCanSendIn(memberId: number, venue: VenueRow): Promise<void> {
    if (venue.status === 'maintenance') throw new AppError(ErrorCode.VenueMaintenance);
    const s = await this.d.settings.get();
    if (s.venueFamiliesMaintenance.includes(venue.family))
      throw new AppError(ErrorCode.ModuleMaintenance);
    await this.d.play.assertCanWager(this.d.db, memberId);
  }

  /** The key's transfer if it is this very order; the key with another order is 7003. */
  #sameOrRefuse(row: TransferRow, want: Pick<TransferRow, OrderFields>): TransferRow {
    const fields: OrderFields[] = ['memberId', 'venueCode', 'direction', 'amount'];
    if (fields.some((f) => row[f] !== want[f])) throw new AppError(ErrorCode.IdempotencyKeyReused);
    return row;
  }

  /** Opens a transfer and, when it is new, calls the venue. */
  async #run(t: {
    id: string;
    memberId: number;
    venue: VenueRow;
    direction: 'in' | 'out';
    amount: bigint;
    kind: TransferKind;
  }): Promise<TransferRow> {
    const { row, fresh } = await this.d.engine.open(t);
    return fresh ? this.d.engine.send(row, t.venue) : row;
  }

  async #result(row: TransferRow): Promise<TransferResult> {
    return {
      transferId: row.id,
      status: row.status,
      order: await this.present(row),
      balances: await this.balances(row.memberId),
    };
  }

  /**
   * 一键回收: every venue the member used (or one), each asked its balance and emptied by one
   * transfer out. Ids come from the key and the venue: a retry finds the same transfers. A venue
   * that does not answer the balance question is named in `unreachable`: its money stays
   * there, and the caller says so rather than answer an empty success.
   */
  async recall(
    memberId: number,
    key: string,
    only?: string,
    idPrefix = 'R',
  ): Promise<{ rows: TransferRow[]; unreachable: RecallUnreachable[] }> {
    const venues = await this.usedVenues(memberId, only);
    const unreachable: RecallUnreachable[] = [];
    const rows = await Promise.all(
      venues.map(async (venue): Promise<TransferRow | null> => {
        const id = deriveTransferId(idPrefix, memberId, 'recall', key, venue.code);
        const earlier = await repo.readTransfer(this.d.db, id);
        if (earlier) return earlier;
        const balance = await this.#askBalance(memberId, venue);
        if (balance === null) {
          unreachable.push({ venueCode: venue.code, venueName: venue.name });
          return null;
        }
        if (balance <= 0n) return null;
        return this.#run({
          id,
          memberId,
          venue,
          direction: 'out',
          amount: balance,
          kind: 'recall',
        });
      }),
    );
    // In the registry's order, whichever venue answered first.
    const order = venues.map((v) => v.code);
    unreachable.sort((a, b) => order.indexOf(a.venueCode) - order.indexOf(b.venueCode));
    return { rows: rows.filter((r): r is TransferRow => r !== null), unreachable };
  }

  async recallForMember(memberId: number, key: string, only?: string): Promise<RecallResult> {
    const { rows, unreachable } = await this.d.recallThrottle.guard(memberId, key, () =>
      this.recall(memberId, key, only),
    );
    return {
      transfers: await Promise.all(rows.map((r) => this.present(r))),
      balances: await this.balances(memberId),
      unreachable,
    };
  }

  /**
   * 免转 before a manual launch: the other venues are recalled, then the whole main balance
   * moves in. Fresh ids each time (a launch carries no key); a repeat finds nothing to move. A
   * venue that does not answer keeps its money and is named in `unreachable` (in the registry's
   * order), for the member to be told (as a manual recall does).
   */
  async autoTransfer(memberId: number, venue: VenueRow): Promise<AutoTransfer> {
    const key = randomBytes(12).toString('hex');
    const others = (await this.usedVenues(memberId)).filter((v) => v.code !== venue.code);
    const recalls = await Promise.all(others.map((o) => this.recall(memberId, key, o.code, 'A')));
    const recalled = recalls.flatMap((r) => r.rows);
    const main = (await this.d.ledger.balances(this.d.db, memberId)).main;
    const moved = [...recalled];
    if (main > 0n) {
      await this.d.play.assertCanWager(this.d.db, memberId);
      moved.push(
        await this.#run({
          id: deriveTransferId('A', memberId, 'auto', key, venue.code),
          memberId,
          venue,
          direction: 'in',
          amount: main,
          kind: 'auto',
        }),
      );
    }
    return {
      transfers: await Promise.all(moved.map((r) => this.present(r))),
      unreachable: recalls.flatMap((r) => r.unreachable),
    };
  }

  async usedVenues(memberId: number, only?: string): Promise<VenueRow[]> {
    const used = new Set((await repo.venueAccounts(this.d.db, memberId)).map((a) => a.venueCode));
    return (await this.d.registry.all()).filter(
      (v) => used.has(v.code) && (!only || v.code === only),
    );
  }

  /**
   * The venue's answer for the member's balance, or null if none came. It is saved with the
   * time it was asked, and so is the debt it tells (contract §6).
   */
  async #askBalance(memberId: number, venue: VenueRow): Promise<bigint | null> {
    const asked = this.d.clock.now();
    const r = await this.d.merchant.call(
      this.d.registry.target(venue),
      'balance',
      { venueCode: venue.code, playerId: playerIdOf(memberId) },
      { timeoutMs: BALANCE_TIMEOUT_MS },
    );
    if (r.kind !== 'ok') return null;
    const balance = parseMoney(r.data.balance);
    const debt = r.data.debt;
    // One statement, no transaction: asked of every venue on each recall and balance sync.
    const answer = { balance, debt: debt === undefined ? null : parseMoney(debt) };
    await saveVenueAnswer(this.d.db, memberId, venue.code, answer, asked);
    return balance;
  }

  /** Asks every venue the member used for its balance now. */
  async sync(memberId: number): Promise<WalletBalances> {
    await this.askVenues(memberId);
    return this.balances(memberId);
  }

  /** Asks the member's venues (all they used, or these) for their balance and debt now. */
  async askVenues(memberId: number, codes?: readonly string[]): Promise<void> {
    const venues = (await this.usedVenues(memberId)).filter(
      (v) => !codes || codes.includes(v.code),
    );
    await Promise.all(venues.map((v) => this.#askBalance(memberId, v)));
  }

  async noteLaunch(memberId: number, venueCode: string): Promise<void> {
    await repo.ensureVenueAccount(this.d.db, memberId, venueCode, this.d.clock.now());
  }

  /** Where the member's money is (`walletView`), read in one statement. */
  async balances(memberId: number): Promise<WalletBalances> {
    const [facts, venues] = await Promise.all([
      repo.walletFacts(this.d.db, memberId),
      this.d.registry.all(),
    ]);
    return walletView(facts, venues);
  }

  orders(memberId: number, f: TransferOrderFilter) {
    return listTransferOrders(this.d.db, this.d.registry, memberId, f);
  }

  present(row: TransferRow): Promise<TransferOrder> {
    return presentTransfer(this.d.registry, row);
  }

  prefs(memberId: number) {
    return repo.readPrefs(this.d.db, memberId).then((appSendMoney) => ({ appSendMoney }));
  }

  async setPrefs(memberId: number, appSendMoney: boolean) {
    await repo.savePrefs(this.d.db, memberId, appSendMoney);
    return { appSendMoney };
  }
}
