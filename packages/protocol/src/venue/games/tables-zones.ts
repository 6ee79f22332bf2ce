/**
 * The live tables' bet zones (docs/contract.md §10.12), without the schema library: the venue's
 * table page imports these, and a page whose bundle defines zod schemas trips its script-src
 * policy (zod probes `Function` when a schema is built).
 */

export const TABLE_KINDS = ['baccarat', 'dragon_tiger'] as const;
export type TableKind = (typeof TABLE_KINDS)[number];

export const BACCARAT_TABLE_ZONES = [
  'banker',
  'player',
  'tie',
  'banker_pair',
  'player_pair',
] as const;
export const DRAGON_TIGER_TABLE_ZONES = ['dragon', 'tiger', 'tie'] as const;
export const TABLE_ZONES = [
  'banker',
  'player',
  'tie',
  'banker_pair',
  'player_pair',
  'dragon',
  'tiger',
] as const;
export type TableZone = (typeof TABLE_ZONES)[number];

export const TABLE_ZONE_NAMES: Record<TableZone, string> = {
  banker: '庄',
  player: '闲',
  tie: '和',
  banker_pair: '庄对',
  player_pair: '闲对',
  dragon: '龙',
  tiger: '虎',
};

/** The zones a table of this kind offers, in the order the page lays them out. */
export function zonesOfKind(kind: TableKind): readonly TableZone[] {
  return kind === 'baccarat' ? BACCARAT_TABLE_ZONES : DRAGON_TIGER_TABLE_ZONES;
}

/** The two sides of a table that one member may not back in the same round (庄/闲, 龙/虎). */
export const OPPOSED_ZONES: readonly (readonly [TableZone, TableZone])[] = [
  ['banker', 'player'],
  ['dragon', 'tiger'],
];

export const TABLE_ROUND_STATES = ['betting', 'sealed', 'dealing', 'settled', 'voided'] as const;
export type TableRoundState = (typeof TABLE_ROUND_STATES)[number];

/** Where a dealt card went: 闲 / 庄 in 百家乐, 龙 / 虎 in 龙虎. */
export const TABLE_CARD_SIDES = ['player', 'banker', 'dragon', 'tiger'] as const;
export type TableCardSide = (typeof TABLE_CARD_SIDES)[number];

export const TABLE_WINNERS = ['banker', 'player', 'dragon', 'tiger', 'tie'] as const;
export type TableWinner = (typeof TABLE_WINNERS)[number];
