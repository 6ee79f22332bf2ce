import type { TableKind, TableZone } from '@nebula/protocol/venue/games/tables-zones';

/**
 * The house venue's live tables (docs/contract.md §10.12): three demo tables of family ZR,
 * each a house game with its own chain. Limits and chips here are the demo's first values;
 * from then on they are operator data in `venue_tables`.
 */
export interface TableDefinition {
  code: string;
  name: string;
  kind: TableKind;
  noCommission: boolean;
  bettingSeconds: number;
}

export interface TableSettings {
  /** Per zone, fen. */
  zoneLimits: Partial<Record<TableZone, { min: bigint; max: bigint }>>;
  maxPerRound: bigint;
  /** Chip values in fen, smallest first. */
  chips: bigint[];
}

export const TABLE_FAMILY = 'ZR' as const;

export const TABLE_CATALOGUE: readonly TableDefinition[] = [
  { code: 'BAC1', name: '经典百家乐', kind: 'baccarat', noCommission: false, bettingSeconds: 25 },
  {
    code: 'BAC2',
    name: '免佣百家乐 极速',
    kind: 'baccarat',
    noCommission: true,
    bettingSeconds: 15,
  },
  { code: 'LH1', name: '龙虎 极速', kind: 'dragon_tiger', noCommission: false, bettingSeconds: 15 },
];

export const tableDefinition = (code: string): TableDefinition | undefined =>
  TABLE_CATALOGUE.find((t) => t.code === code);

const yuan = (n: number) => BigInt(n) * 100n;
const side = { min: yuan(10), max: yuan(50_000) };
const small = { min: yuan(10), max: yuan(5_000) };

export function demoTableSettings(kind: TableKind): TableSettings {
  return {
    zoneLimits:
      kind === 'baccarat'
        ? { banker: side, player: side, tie: small, banker_pair: small, player_pair: small }
        : { dragon: side, tiger: side, tie: small },
    maxPerRound: yuan(100_000),
    chips: [10, 50, 100, 500, 1_000, 5_000].map(yuan),
  };
}

/** How long a round's phases last, in ms. */
export interface TableTiming {
  /** Betting, per table: its own seconds, or the test length for every table. */
  bettingMs: (def: TableDefinition) => number;
  /** From the seal to the deal. */
  dealDelayMs: number;
  /** From the deal to the next round's opening: the page turns the cards and shows the result. */
  showMs: (def: TableDefinition) => number;
}

export const LIVE_TABLE_TIMING: TableTiming = {
  bettingMs: (def) => def.bettingSeconds * 1000,
  dealDelayMs: 1000,
  showMs: (def) => (def.kind === 'baccarat' ? 9000 : 5000),
};

/** `VENUE_TEST_TABLE_SECONDS`: every table bets for `seconds`, deals at once, shows 0.5 s. */
export const testTableTiming = (seconds: number): TableTiming => ({
  bettingMs: () => seconds * 1000,
  dealDelayMs: 0,
  showMs: () => 500,
});
