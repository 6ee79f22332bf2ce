import { z } from 'zod';

/**
 * The house games' read API for the venue's game pages (docs/contract.md §10.10), under
 * `/h5/api/games`, with the player's session token as `Authorization: Bearer …`. Answers are
 * `{ code, data }` or `{ code, message }`.
 */
export const gamesPaths = {
  list: '/h5/api/games',
  results: '/h5/api/games/:gameCode/results',
  round: '/h5/api/games/:gameCode/rounds/:roundNo',
  chain: '/h5/api/games/:gameCode/chain',
  paytable: '/h5/api/games/:gameCode/paytable/:file',
} as const;

export const roundStatuses = ['open', 'sealed', 'drawn', 'settled', 'voided'] as const;
export const voidCauses = ['missed_seal', 'operator'] as const;

export const GameCodeParam = z.string().regex(/^[A-Z][A-Z0-9]{1,15}$/);
export const RoundNoParam = z.string().regex(/^[1-9][0-9]{0,19}$/);
export const ResultsQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(100).default(20) })
  .strict();

export const RoundView = z.object({
  gameCode: z.string(),
  roundNo: z.string(),
  chainId: z.string(),
  chainIndex: z.number().int(),
  status: z.enum(roundStatuses),
  opensAt: z.number().int(),
  sealAt: z.number().int(),
  drawAt: z.number().int(),
  paytableHash: z.string(),
  /** The revealed s_i: null until the round is drawn or voided. */
  seed: z.string().nullable(),
  /** The outcome (a voided round's would-be outcome): null until drawn or voided. */
  outcome: z.array(z.number().int()).nullable(),
  /** 作废: the cause when voided. */
  voided: z.enum(voidCauses).nullable(),
});
export type RoundView = z.infer<typeof RoundView>;

export const GameView = z.object({
  gameCode: z.string(),
  family: z.string(),
  name: z.string(),
  status: z.enum(['open', 'closed']),
  roundSeconds: z.number().int(),
  sealBeforeSeconds: z.number().int(),
  paytableUrl: z.string(),
  paytableHash: z.string(),
  current: RoundView.nullable(),
});
export type GameView = z.infer<typeof GameView>;

export const GamesList = z.object({ serverTime: z.number().int(), games: z.array(GameView) });
export type GamesList = z.infer<typeof GamesList>;

export const ChainView = z.object({
  chainId: z.string(),
  gameCode: z.string(),
  length: z.number().int(),
  /** s_0, published before the chain's first round. */
  commitment: z.string(),
  publishedAt: z.number().int(),
  roundsLeft: z.number().int(),
  /** Revealed links, newest first: chain index and s_i. */
  revealed: z.array(
    z.object({ chainIndex: z.number().int(), roundNo: z.string(), seed: z.string() }),
  ),
});
export type ChainView = z.infer<typeof ChainView>;
export const ChainsView = z.object({ chains: z.array(ChainView) });
export type ChainsView = z.infer<typeof ChainsView>;
