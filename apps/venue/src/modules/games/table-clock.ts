import type { Db, Queryable } from '@nebula/db';
import { LeaderLost, type LeaderLease } from '../../infra/leader-lease.service';
import type { ChainService } from './chain.service';
import { SEAL_GRACE_MS } from './game-clock';
import { findGame } from './games.repository';
import { tableDefinition, type TableTiming } from './tables-catalogue';
import {
  advanceShoe,
  findShoe,
  findTableRound,
  insertShoe,
  latestShoe,
  latestTableRound,
  listTables,
  type TableRoundRow,
  type TableRow,
} from './table.repository';
import {
  insertTableRound,
  markTableDealt,
  markTableSealed,
  markTableSettled,
  unfinishedTableRounds,
} from './table-round.repository';
import { dealHand, reachesCut } from './table-shoe.model';
import type { TableSettlementService } from './table-settlement.service';
import type { TableShoes } from './table-shoes.service';

export type TableStep = 'betting' | 'sealed' | 'dealt' | 'settled';

/**
 * The live tables' clock (docs/contract.md §10.12), run by the games' clock on the node holding
 * the leader's lease, in the same loop. Every step is one transaction fenced by the lease's
 * epoch and written only from the state it expects, so a repeated tick or a takeover never
 * repeats one:
 * - a betting round at its sealAt is sealed; one whose seal was missed by more than
 *   SEAL_GRACE_MS (the leader was down) is voided: its cards are dealt all the same (shown as
 *   作废, so no round starts on cards already seen) and its stakes refunded in that transaction;
 * - a sealed round at its dealAt is dealt from its fixed start position, however late;
 * - a dealt round is settled;
 * - an open table with no unfinished round gets its next round once the last one's show time
 *   has passed, starting a new shoe (the next chain element) when the last one ended.
 */
export class TableClock {
  /** Rounds the crash hook may fire on: opened by this node after its first. */
  readonly #armed = new Set<string>();
  readonly #opened = new Map<string, number>();

  constructor(
    private readonly lease: LeaderLease,
    private readonly db: Db,
    private readonly chains: ChainService,
    private readonly shoes: TableShoes,
    private readonly settlement: TableSettlementService,
    private readonly timing: TableTiming,
    private readonly now: () => number,
    private readonly opts: {
      /** Test hook: SIGKILL right after this step of a round of this table commits. */
      crashAfter?: { step: TableStep; tableCode: string | null } | null;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  /** One pass over every table; the caller holds the lease. */
  async tick(): Promise<void> {
    for (const table of await listTables(this.db)) {
      try {
        await this.advance(table);
      } catch (err) {
        if (err instanceof LeaderLost) throw err;
        this.opts.onError?.(err);
      }
    }
  }

  private async advance(table: TableRow): Promise<void> {
    for (const r of await unfinishedTableRounds(this.db, table.code)) {
      const now = this.now();
      let state = r.state;
      if (state === 'betting' && now >= r.sealAt) {
        if (now - r.sealAt > SEAL_GRACE_MS) {
          await this.lease.write((q) => this.deal(q, table, r, 'voided'));
          continue;
        }
        await this.lease.write((q) => markTableSealed(q, r, now));
        this.crashAfter('sealed', r);
        state = 'sealed';
      }
      if (state === 'sealed' && now >= r.dealAt) {
        await this.lease.write((q) => this.deal(q, table, r, 'dealt'));
        this.crashAfter('dealt', r);
        state = 'dealt';
      }
      if (state === 'dealt') {
        await this.settle(table, r);
        this.crashAfter('settled', r);
      }
      if (state !== 'dealt') return;
    }
    await this.open(table);
  }

  /**
   * Deals the round's hand from its start position and moves the shoe on; the round during
   * which the cut index is dealt ends the shoe and reveals its seed. A void deals the same way
   * and refunds the round's stakes in the same transaction.
   */
  private async deal(
    q: Queryable,
    table: TableRow,
    r: TableRoundRow,
    to: 'dealt' | 'voided',
  ): Promise<boolean> {
    const shoe = await findShoe(q, r.tableCode, r.shoeNo);
    if (!shoe) throw new RangeError(`round ${r.tableCode}:${r.roundNo} has no shoe`);
    const t = await this.shoes.of(q, shoe);
    const { hand, used } = dealHand(table.kind, t.shoe.cards, r.startPosition);
    const now = this.now();
    if (!(await markTableDealt(q, r, hand, to, now))) return false;
    const last = reachesCut(t, r.startPosition, used);
    await advanceShoe(
      q,
      shoe,
      used,
      last ? { seed: await this.shoes.seedHex(q, shoe), at: now } : null,
    );
    if (to === 'voided') await this.settlement.voidRound(q, r);
    return true;
  }

  private async settle(table: TableRow, r: TableRoundRow): Promise<void> {
    const fresh = await findTableRound(this.db, r.tableCode, r.roundNo);
    if (fresh?.state !== 'dealt') return;
    await this.settlement.settleRound(table, fresh, (fn) => this.lease.write(fn));
    await this.lease.write((q) => markTableSettled(q, fresh, this.now()));
  }

  private async open(table: TableRow): Promise<void> {
    const def = tableDefinition(table.code);
    if (!def) return;
    const now = this.now();
    const last = await latestTableRound(this.db, table.code);
    if (last && (last.state === 'betting' || last.state === 'sealed' || last.state === 'dealt')) {
      return;
    }
    if (last && now < (last.dealtAt ?? 0) + this.timing.showMs(def)) return;
    const roundNo = String(BigInt(last?.roundNo ?? '0') + 1n);
    const created = await this.lease.write(async (q) => {
      // The game row serialises openings and an operator's close.
      const game = await findGame(q, table.code, true);
      if (game?.status !== 'open') return false;
      let shoe = await latestShoe(q, table.code);
      if (!shoe || shoe.status === 'ended') {
        const shoeNo = String(BigInt(shoe?.shoeNo ?? '0') + 1n);
        const { chainId, index } = await this.chains.assignIndex(q, table.code);
        const t = await this.shoes.draw(q, table.code, shoeNo, chainId, index);
        shoe = {
          tableCode: table.code,
          shoeNo,
          chainId,
          chainIndex: index,
          merkleRoot: t.root,
          burnCard: t.shoe.cards[0]!,
          burned: t.shoe.burned,
          cutIndex: t.shoe.cutIndex,
          nextPosition: t.shoe.burned,
          hands: 0,
          status: 'dealing',
          seed: null,
          startedAt: now,
          endedAt: null,
        };
        await insertShoe(q, shoe);
      }
      const sealAt = now + this.timing.bettingMs(def);
      return insertTableRound(q, {
        tableCode: table.code,
        roundNo,
        shoeNo: shoe.shoeNo,
        handNo: shoe.hands + 1,
        startPosition: shoe.nextPosition,
        opensAt: now,
        sealAt,
        dealAt: sealAt + this.timing.dealDelayMs,
      });
    });
    if (!created) return;
    const opened = (this.#opened.get(table.code) ?? 0) + 1;
    this.#opened.set(table.code, opened);
    if (opened > 1) this.#armed.add(`${table.code}:${roundNo}`);
    this.crashAfter('betting', { tableCode: table.code, roundNo });
  }

  private crashAfter(step: TableStep, r: { tableCode: string; roundNo: string }): void {
    const hook = this.opts.crashAfter;
    if (
      hook?.step === step &&
      (hook.tableCode === null || hook.tableCode === r.tableCode) &&
      this.#armed.has(`${r.tableCode}:${r.roundNo}`)
    ) {
      process.kill(process.pid, 'SIGKILL');
    }
  }
}
