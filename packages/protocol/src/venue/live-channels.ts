import { z } from 'zod';
import { RoundView } from './games/games';
import { DealtCard, TableHandView, TableRoundView, ZoneTotal } from './games/tables-api';

/**
 * The house games' channels on the venue's live socket (docs/contract.md §10.11, §10.12): a
 * game venue's session follows a live table (`table:{code}`, family ZR) or a lottery game
 * (`lottery:{gameCode}`, family CP) with `watch`, and receives the channel's current state
 * first (a snapshot: what a page that joins or reconnects mid-round must show), then a frame
 * per change as the venue's clock makes it. Every frame names its channel and carries `at`,
 * the venue's time when it was published (the page's countdown runs on it).
 */
export const CHANNEL_PATTERN = /^(table|lottery):[A-Z][A-Z0-9]{1,15}$/;
export const LiveChannel = z.string().max(24).regex(CHANNEL_PATTERN);
export type LiveChannel = `table:${string}` | `lottery:${string}`;

export const tableChannel = (code: string): LiveChannel => `table:${code}`;
export const lotteryChannel = (gameCode: string): LiveChannel => `lottery:${gameCode}`;

/** What every channel frame carries. */
const head = { channel: z.string(), at: z.number().int() };

export const ChannelFrameSchemas = {
  /** The table as it stands: its current round (totals and the hand once dealt) or none. */
  'table.snapshot': z.object({
    type: z.literal('table.snapshot'),
    ...head,
    round: TableRoundView.nullable(),
  }),
  /** A round opened: bets are taken until `bettingEndsAt`. */
  'table.opened': z.object({
    type: z.literal('table.opened'),
    ...head,
    roundNo: z.string(),
    shoeNo: z.string(),
    handNo: z.number().int(),
    opensAt: z.number().int(),
    bettingEndsAt: z.number().int(),
  }),
  /** Every zone's total of all members on the round (coalesced: at most one per look). */
  'table.totals': z.object({
    type: z.literal('table.totals'),
    ...head,
    roundNo: z.string(),
    zoneTotals: z.array(ZoneTotal),
  }),
  'table.sealed': z.object({ type: z.literal('table.sealed'), ...head, roundNo: z.string() }),
  /** One card of the deal, in deal order (`index` from 0 of `of`). */
  'table.card': z.object({
    type: z.literal('table.card'),
    ...head,
    roundNo: z.string(),
    index: z.number().int(),
    of: z.number().int(),
    card: DealtCard,
  }),
  /** The hand after its cards: `dealing` (being settled), `settled`, or `voided` (作废). */
  'table.result': z.object({
    type: z.literal('table.result'),
    ...head,
    roundNo: z.string(),
    state: z.enum(['dealing', 'settled', 'voided']),
    hand: TableHandView,
  }),
  /** The game's newest rounds (the one open and the one before it), newest first. */
  'lottery.snapshot': z.object({
    type: z.literal('lottery.snapshot'),
    ...head,
    rounds: z.array(RoundView),
  }),
  /** A round opened: bets until `sealAt`, drawn at `drawAt`. */
  'lottery.opened': z.object({ type: z.literal('lottery.opened'), ...head, round: RoundView }),
  'lottery.sealed': z.object({
    type: z.literal('lottery.sealed'),
    ...head,
    roundNo: z.string(),
  }),
  /** The drawn result (or 作废), with its revealed seed. */
  'lottery.drawn': z.object({ type: z.literal('lottery.drawn'), ...head, round: RoundView }),
} as const;

type Schemas = typeof ChannelFrameSchemas;
/** The frame map: each channel frame's type by its name. */
export type ChannelFrameMap = { [K in keyof Schemas]: z.infer<Schemas[K]> };
export type ChannelFrameType = keyof ChannelFrameMap;
export type ChannelFrame = ChannelFrameMap[ChannelFrameType];

export const ChannelFrame = z.discriminatedUnion('type', [
  ChannelFrameSchemas['table.snapshot'],
  ChannelFrameSchemas['table.opened'],
  ChannelFrameSchemas['table.totals'],
  ChannelFrameSchemas['table.sealed'],
  ChannelFrameSchemas['table.card'],
  ChannelFrameSchemas['table.result'],
  ChannelFrameSchemas['lottery.snapshot'],
  ChannelFrameSchemas['lottery.opened'],
  ChannelFrameSchemas['lottery.sealed'],
  ChannelFrameSchemas['lottery.drawn'],
]);
