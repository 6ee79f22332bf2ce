/**
 * The events module's face to the other modules: what they may read of an event and change on
 * it (its state from the feed, holds, its settlement, score changes for merchants), in the
 * caller's transaction. Other modules import this file, never the repository itself, so the
 * list of what the rest of the venue does to events stays here and short.
 */
export type { EventPatch, EventRow, EventStatus } from './event.repository';
export {
  eventsToSettle,
  familyCounts,
  insertScoreChange,
  listEvents,
  markSettled,
  readEvent,
  readEvents,
  setHeld,
  setMarketHeld,
  updateEvent,
} from './event.repository';
