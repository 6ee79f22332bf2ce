import { z } from 'zod';
import { moneyString } from '../../api/core/common';
import { GameCodeParam } from './games';
import {
  TABLE_CARD_SIDES,
  TABLE_KINDS,
  TABLE_ROUND_STATES,
  TABLE_WINNERS,
  TABLE_ZONES,
} from './tables-zones';

/**
 * The live tables' API (docs/contract.md §10.12) under `/h5/api/tables`, with the player's
 * session token as `Authorization: Bearer …`; answers `{ code: 0, data }` or `{ code, message }`.
 * A table deals timed rounds back to back from an 8-deck shoe; a table bet is a venue bet like a
 * game bet (§10.11), debited and credited through the venue ledger.
 */
export const tablesPaths = {
  /** GET: every table with its shoe, current round and the shoe's hands (for the roads). */
  list: '/h5/api/tables',
  /** GET: one table as in the list. */
  table: '/h5/api/tables/:tableCode',
  /** POST: one member's bets on the current round. */
  place: '/h5/api/tables/:tableCode/bets',
  /** GET: a round with its cards, salts and Merkle proofs. */
  round: '/h5/api/tables/:tableCode/rounds/:roundNo',
  /** GET: a shoe: root, used cards, and its seed once it has ended. */
  shoe: '/h5/api/tables/:tableCode/shoes/:shoeNo',
  /** GET: the member's own table bets, newest first. */
  mine: '/h5/api/tables/bets',
} as const;

export const TableCodeParam = GameCodeParam;
/** A table's round or shoe number: 1, 2, … (at most 18 digits: it is a BIGINT). */
export const TableRoundNoParam = z.string().regex(/^[1-9][0-9]{0,17}$/);
export const ShoeNoParam = TableRoundNoParam;
export const TableZoneSchema = z.enum(TABLE_ZONES);

export const TableZoneLimit = z.object({
  zone: TableZoneSchema,
  min: moneyString,
  max: moneyString,
});
export type TableZoneLimit = z.infer<typeof TableZoneLimit>;

export const TableLimits = z.object({
  zones: z.array(TableZoneLimit),
  /** One member's total on one round. */
  maxPerRound: moneyString,
  /** The chips the page offers, smallest first; an amount is a whole multiple of the smallest. */
  chips: z.array(moneyString),
});
export type TableLimits = z.infer<typeof TableLimits>;

/** One dealt card: its shoe position, the card 0–415 and where it went. */
export const DealtCard = z.object({
  position: z.number().int(),
  card: z.number().int(),
  /** 1 = A … 13 = K. */
  rank: z.number().int(),
  /** 0–3. */
  suit: z.number().int(),
  side: z.enum(TABLE_CARD_SIDES),
});
export type DealtCard = z.infer<typeof DealtCard>;

/** A dealt hand, as the roads read it. */
export const TableHandView = z.object({
  roundNo: z.string(),
  /** The hand's place in its shoe, from 1. */
  handNo: z.number().int(),
  winner: z.enum(TABLE_WINNERS),
  bankerPair: z.boolean(),
  playerPair: z.boolean(),
  /** A natural 8 or 9 on either side (百家乐 only). */
  natural: z.boolean(),
  /** Hand totals (百家乐) or the ranks (龙虎: player = 虎, banker = 龙). */
  bankerTotal: z.number().int(),
  playerTotal: z.number().int(),
  cards: z.array(DealtCard),
});
export type TableHandView = z.infer<typeof TableHandView>;

export const ZoneTotal = z.object({ zone: TableZoneSchema, amount: moneyString });
export type ZoneTotal = z.infer<typeof ZoneTotal>;

export const TableRoundView = z.object({
  roundNo: z.string(),
  shoeNo: z.string(),
  handNo: z.number().int(),
  state: z.enum(TABLE_ROUND_STATES),
  opensAt: z.number().int(),
  bettingEndsAt: z.number().int(),
  /** What every member has staked on each zone (not who). */
  zoneTotals: z.array(ZoneTotal),
  /** The hand once dealt. */
  hand: TableHandView.nullable(),
});
export type TableRoundView = z.infer<typeof TableRoundView>;

export const ShoeCountsView = z.object({
  hands: z.number().int(),
  banker: z.number().int(),
  player: z.number().int(),
  tie: z.number().int(),
  bankerPair: z.number().int(),
  playerPair: z.number().int(),
});
export type ShoeCountsView = z.infer<typeof ShoeCountsView>;

export const TableShoeView = z.object({
  shoeNo: z.string(),
  chainId: z.string(),
  chainIndex: z.number().int(),
  /** The chain's s_0 (§10.2): SHA-256 steps from the shoe's seed lead back to it. */
  commitment: z.string(),
  /** The Merkle root over the 416 positions, published when the shoe started. */
  merkleRoot: z.string(),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  /** The burn card, face up. */
  burnCard: z.number().int(),
  cardsUsed: z.number().int(),
  cardsLeft: z.number().int(),
  /** The shoe's seed s_i: null until the shoe has ended. */
  seed: z.string().nullable(),
});
export type TableShoeView = z.infer<typeof TableShoeView>;

export const TableView = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(TABLE_KINDS),
  noCommission: z.boolean(),
  bettingSeconds: z.number().int(),
  status: z.enum(['open', 'closed']),
  limits: TableLimits,
  shoe: TableShoeView.nullable(),
  round: TableRoundView.nullable(),
  counts: ShoeCountsView,
  /** The shoe's dealt hands in order, for the roads. */
  hands: z.array(TableHandView),
});
export type TableView = z.infer<typeof TableView>;

export const TablesList = z.object({ serverTime: z.number().int(), tables: z.array(TableView) });
export type TablesList = z.infer<typeof TablesList>;

/** One table (`GET …/tables/{code}`), with the venue's clock for the page's countdown. */
export const TableDetail = TableView.extend({ serverTime: z.number().int() });
export type TableDetail = z.infer<typeof TableDetail>;

export const PlaceTableBetsRequest = z
  .object({
    requestKey: z.string().regex(/^[A-Za-z0-9_:-]{8,80}$/),
    roundNo: TableRoundNoParam,
    bets: z
      .array(z.object({ zone: TableZoneSchema, amount: moneyString }).strict())
      .min(1)
      .max(7),
  })
  .strict();
export type PlaceTableBetsRequest = z.infer<typeof PlaceTableBetsRequest>;

export const tableBetStatuses = ['open', 'settled', 'voided'] as const;
export const tableBetResults = ['open', 'won', 'lost', 'push', 'void'] as const;

export const TableBetView = z.object({
  betId: z.string(),
  tableCode: z.string(),
  roundNo: z.string(),
  zone: TableZoneSchema,
  /** 庄, 闲, 和 … */
  zoneName: z.string(),
  amount: moneyString,
  status: z.enum(tableBetStatuses),
  result: z.enum(tableBetResults),
  /** What it paid back in total ('0.00' for a loss); null while open. */
  payout: moneyString.nullable(),
  validStake: moneyString.nullable(),
  placedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});
export type TableBetView = z.infer<typeof TableBetView>;

export const PlaceTableBetsResult = z.object({
  requestKey: z.string(),
  tableCode: z.string(),
  roundNo: z.string(),
  bets: z.array(TableBetView),
  total: moneyString,
  /** The member's venue balance after the bets. */
  balance: moneyString,
});
export type PlaceTableBetsResult = z.infer<typeof PlaceTableBetsResult>;

export const MerkleStepView = z.object({ side: z.enum(['left', 'right']), hash: z.string() });

/** A revealed position: the card, its salt and the path to the shoe's root. */
export const RevealedCard = z.object({
  position: z.number().int(),
  card: z.number().int(),
  salt: z.string(),
  proof: z.array(MerkleStepView),
});
export type RevealedCard = z.infer<typeof RevealedCard>;

export const TableRoundDetail = z.object({
  tableCode: z.string(),
  round: TableRoundView,
  merkleRoot: z.string(),
  /** The round's cards (and, in a shoe's first round, the burned ones) once dealt. */
  revealed: z.array(RevealedCard),
  /** The shoe's seed once the shoe has ended. */
  shoeSeed: z.string().nullable(),
});
export type TableRoundDetail = z.infer<typeof TableRoundDetail>;

export const TableShoeDetail = z.object({
  tableCode: z.string(),
  shoe: TableShoeView,
  /** Every position dealt or burned so far, in order. */
  used: z.array(RevealedCard.omit({ proof: true })),
  hands: z.array(TableHandView),
  counts: ShoeCountsView,
});
export type TableShoeDetail = z.infer<typeof TableShoeDetail>;

export const MyTableBetsQuery = z
  .object({
    tableCode: TableCodeParam.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    before: z.string().max(64).optional(),
  })
  .strict();
export type MyTableBetsQuery = z.infer<typeof MyTableBetsQuery>;

export const MyTableBets = z.object({ bets: z.array(TableBetView), more: z.boolean() });
export type MyTableBets = z.infer<typeof MyTableBets>;

/**
 * Operators' calls on the tables' limits (`x-venue-operator-token`): read them (viewer) and
 * change them with a reason (admin, audited with before and after).
 */
export const tablesOperatorPaths = {
  limits: '/operator/v1/tables/limits',
  setLimits: '/operator/v1/tables/limits/update',
} as const;

export const TableLimitsRequest = z.object({ tableCode: TableCodeParam }).strict();

/** Any of a table's zone limits, its per-round limit and its chips (at least one). */
export const SetTableLimitsRequest = z
  .object({
    tableCode: TableCodeParam,
    zones: z.array(TableZoneLimit.strict()).min(1).max(5).optional(),
    maxPerRound: moneyString.optional(),
    chips: z.array(moneyString).min(1).max(8).optional(),
    reason: z.string().trim().min(2).max(200),
  })
  .strict();
export type SetTableLimitsRequest = z.infer<typeof SetTableLimitsRequest>;

export const TableOperatorLimits = TableLimits.extend({ tableCode: z.string() });
export type TableOperatorLimits = z.infer<typeof TableOperatorLimits>;
