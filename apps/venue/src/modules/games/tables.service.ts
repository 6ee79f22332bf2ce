import type { Db } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import type {
  RevealedCard,
  TableDetail,
  TableRoundDetail,
  TableShoeDetail,
  TableView,
  TablesList,
} from '@nebula/protocol/venue/games/tables-api';
import { VenueError } from '../../infra/venue-error';
import { listChains } from './chain.repository';
import { seedGame, findGame, type GameRow } from './games.repository';
import {
  TABLE_CATALOGUE,
  TABLE_FAMILY,
  demoTableSettings,
  tableDefinition,
} from './tables-catalogue';
import {
  findShoe,
  findTableRound,
  latestShoe,
  latestTableRound,
  listTables,
  readTable,
  seedTable,
  type ShoeRow,
  type TableRoundRow,
  type TableRow,
} from './table.repository';
import { readLobbyHeads, readShoesRounds, readZoneTotals } from './table-lobby.repository';
import { roundsDealtBetween, shoeRounds, zoneTotals } from './table-round.repository';
import { revealPosition } from './table-shoe.model';
import type { TableShoes } from './table-shoes.service';
import { countsView, handView, limitsView, roundView, shoeView } from './table-views.model';

/**
 * The live tables' read side (docs/contract.md §10.12): the tables with their shoe, round,
 * zone totals and the shoe's hands for the roads; a round's cards with their salts and Merkle
 * proofs once dealt; a shoe's used cards, and its seed once it has ended.
 */
export class TablesService {
  constructor(
    private readonly db: Db,
    private readonly shoes: TableShoes,
    private readonly now: () => number,
  ) {}

  /** Adds the demo tables on first start: a house game row each (family ZR), then the table. */
  async init(): Promise<void> {
    for (const def of TABLE_CATALOGUE) {
      await seedGame(
        this.db,
        {
          code: def.code,
          family: TABLE_FAMILY,
          name: def.name,
          status: 'open',
          paytableVersion: 1,
          roundSeconds: def.bettingSeconds,
          sealBeforeSeconds: def.bettingSeconds,
        },
        this.now(),
      );
      await seedTable(this.db, def, demoTableSettings(def.kind), this.now());
    }
  }

  /** Family ZR's counts for the merchant: `live` the open tables, `today` rounds dealt today. */
  async familyCounts(): Promise<{ live: number; today: number }> {
    const day = 86_400_000;
    const shanghai = 8 * 3600_000;
    const from = Math.floor((this.now() + shanghai) / day) * day - shanghai;
    let live = 0;
    for (const t of await listTables(this.db)) {
      if ((await findGame(this.db, t.code))?.status === 'open') live += 1;
    }
    return { live, today: await roundsDealtBetween(this.db, from, from + day) };
  }

  private async table(code: string): Promise<TableRow> {
    const t = tableDefinition(code) ? await readTable(this.db, code) : null;
    if (!t) throw new VenueError(ErrorCode.VenueTableUnknown);
    return t;
  }

  private async commitment(s: ShoeRow): Promise<string> {
    const chains = await listChains(this.db, s.tableCode);
    return chains.find((c) => c.chainId === s.chainId)?.commitment ?? '';
  }

  private async view(t: TableRow): Promise<TableView> {
    const [game, shoe, round] = [
      await findGame(this.db, t.code),
      await latestShoe(this.db, t.code),
      await latestTableRound(this.db, t.code),
    ];
    return this.#present(t, {
      status: game?.status,
      shoe: shoe ? shoeView(shoe, await this.commitment(shoe)) : null,
      round: round ? roundView(t, round, await zoneTotals(this.db, t.code, round.roundNo)) : null,
      rounds: shoe ? await shoeRounds(this.db, t.code, shoe.shoeNo) : [],
    });
  }

  #present(
    t: TableRow,
    v: {
      status: GameRow['status'] | undefined;
      shoe: TableView['shoe'];
      round: TableView['round'];
      rounds: TableRoundRow[];
    },
  ): TableView {
    const hands = v.rounds.filter((r) => r.state !== 'voided').flatMap((r) => handView(r) ?? []);
    return {
      code: t.code,
      name: t.name,
      kind: t.kind,
      noCommission: t.noCommission,
      bettingSeconds: t.bettingSeconds,
      status: v.status ?? 'closed',
      limits: limitsView(t),
      shoe: v.shoe,
      round: v.round,
      counts: countsView(hands),
      hands,
    };
  }

  /** Every table in a handful of statements for all (table-lobby.repository.ts), not six each. */
  async list(): Promise<TablesList> {
    const codes = TABLE_CATALOGUE.map((d) => d.code);
    const [all, heads] = await Promise.all([listTables(this.db), readLobbyHeads(this.db, codes)]);
    const tables = all.filter((t) => tableDefinition(t.code));
    const [rounds, zones] = await Promise.all([
      readShoesRounds(
        this.db,
        tables.flatMap((t) => {
          const s = heads.shoes.get(t.code);
          return s ? [{ code: t.code, shoeNo: s.shoe.shoeNo }] : [];
        }),
      ),
      readZoneTotals(
        this.db,
        tables.flatMap((t) => {
          const r = heads.rounds.get(t.code);
          return r ? [{ code: t.code, roundNo: r.roundNo }] : [];
        }),
      ),
    ]);
    return {
      serverTime: this.now(),
      tables: tables.map((t) => {
        const s = heads.shoes.get(t.code);
        const round = heads.rounds.get(t.code);
        return this.#present(t, {
          status: heads.status.get(t.code),
          shoe: s ? shoeView(s.shoe, s.commitment) : null,
          round: round ? roundView(t, round, zones.get(t.code) ?? new Map()) : null,
          rounds: rounds.get(t.code) ?? [],
        });
      }),
    };
  }

  async get(code: string): Promise<TableDetail> {
    return { ...(await this.view(await this.table(code))), serverTime: this.now() };
  }

  async round(code: string, roundNo: string): Promise<TableRoundDetail> {
    const t = await this.table(code);
    const r = await findTableRound(this.db, code, roundNo);
    if (!r) throw new VenueError(ErrorCode.VenueTableRoundUnknown);
    const shoe = await findShoe(this.db, code, r.shoeNo);
    if (!shoe) throw new VenueError(ErrorCode.VenueTableRoundUnknown);
    const revealed: RevealedCard[] = [];
    if (r.hand) {
      const s = await this.shoes.of(this.db, shoe);
      // The shoe's first round also shows its burned cards (the first was face up already).
      const burned = r.handNo === 1 ? Array.from({ length: shoe.burned }, (_, i) => i) : [];
      for (const p of [...burned, ...r.hand.cards.map((c) => c.position)]) {
        revealed.push(revealPosition(s, p));
      }
    }
    return {
      tableCode: code,
      round: roundView(t, r, await zoneTotals(this.db, code, roundNo)),
      merkleRoot: shoe.merkleRoot,
      revealed,
      shoeSeed: shoe.status === 'ended' ? shoe.seed : null,
    };
  }

  async shoe(code: string, shoeNo: string): Promise<TableShoeDetail> {
    await this.table(code);
    const shoe = await findShoe(this.db, code, shoeNo);
    if (!shoe) throw new VenueError(ErrorCode.VenueTableShoeUnknown);
    const rounds = await shoeRounds(this.db, code, shoeNo);
    const s = await this.shoes.of(this.db, shoe);
    const positions = [
      ...Array.from({ length: rounds.some((r) => r.hand) ? shoe.burned : 1 }, (_, i) => i),
      ...rounds.flatMap((r) => r.hand?.cards.map((c) => c.position) ?? []),
    ];
    const hands = rounds.filter((r) => r.state !== 'voided').flatMap((r) => handView(r) ?? []);
    return {
      tableCode: code,
      shoe: shoeView(shoe, await this.commitment(shoe)),
      used: positions.map((p) => {
        const { card, salt } = revealPosition(s, p);
        return { position: p, card, salt };
      }),
      hands,
      counts: countsView(hands),
    };
  }
}
