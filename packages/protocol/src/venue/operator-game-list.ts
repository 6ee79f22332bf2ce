import { z } from 'zod';
import { text } from '../rules/text';

/**
 * The house games' catalogue as a list (contract §6 "Lists"): every game and live table the
 * venue runs, by status and by a part of its code or name, in code order, paged like every
 * list; the cursor is the last game's code. The unpaged `/operator/v1/games` (§10.10) stays
 * for callers that need every game at once (the console's game pickers).
 */
export const GameListFilter = z
  .object({
    status: z.enum(['open', 'closed']).optional(),
    /** Part of the game's code or name (`PK10`, `百家乐`). */
    q: text().min(1).max(40).optional(),
  })
  .strict();
export type GameListFilter = z.infer<typeof GameListFilter>;

export const GameListRow = z.object({
  gameCode: z.string(),
  name: z.string(),
  /** The game's family (`CP` the lottery, `ZR` the live tables). */
  family: z.string(),
  status: z.enum(['open', 'closed']),
  /** Rounds the game's published chains have left before a new chain is needed. */
  roundsLeft: z.number().int().nonnegative(),
});
export type GameListRow = z.infer<typeof GameListRow>;
