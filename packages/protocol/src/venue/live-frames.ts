import { z } from 'zod';

/**
 * The venue's live websocket: the H5 subscribes to events and receives prices, scores, clocks
 * and suspensions as they change. Each push carries a per-event version, so a reconnect
 * resubscribes with the versions it has and the venue sends what changed since (or a full
 * snapshot when the gap is too old).
 */
export const LiveClientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    events: z
      .array(z.object({ eventId: z.string().max(40), version: z.number().int().min(0) }))
      .max(200),
  }),
  z.object({ type: z.literal('unsubscribe'), eventIds: z.array(z.string().max(40)).max(200) }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientFrame = z.infer<typeof LiveClientFrame>;

export const PriceChange = z.object({
  selectionId: z.string(),
  /** Decimal odds in thousandths; null while its market is suspended. */
  oddsMilli: z.number().int().nullable(),
});

export const LiveServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('event'),
    eventId: z.string(),
    version: z.number().int(),
    status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
    score: z.string().nullable(),
    clock: z.string().nullable(),
    /** Markets suspended now (a goal, a red card, a break). */
    suspended: z.array(z.string()),
    prices: z.array(PriceChange),
    /** A full snapshot replaces what the page had; otherwise the prices are changes. */
    snapshot: z.boolean(),
  }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.number().int(), message: z.string() }),
]);
export type LiveServerFrame = z.infer<typeof LiveServerFrame>;
