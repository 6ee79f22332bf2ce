import { z } from 'zod';
import { moneyString } from '../../api/core/common';
import { GameCodeParam } from './games';

/**
 * The house slots' API (docs/contract.md §10.13) under `/h5/api/games`, with the player's
 * session token as `Authorization: Bearer …`; answers `{ code: 0, data }` or `{ code, message }`.
 * A spin is one nonce of the player's seed pair (§10.5); the seed pair is the venue player's,
 * shared by every per-player game. Money is a decimal string with two places.
 */
export const slotPaths = {
  /** GET: the slot games with their par sheets' hashes and exact figures. */
  games: '/h5/api/games/slots',
  /** GET: the par sheet's exact bytes (`v1.json`); its SHA-256 is the hash shown. */
  parSheet: '/h5/api/games/slots/:gameCode/par-sheet/:file',
  /** GET: the player's seed pair and the pairs already revealed. */
  seeds: '/h5/api/games/seeds',
  /** POST: set the client seed of the current pair (nonce continues). */
  clientSeed: '/h5/api/games/seeds/client',
  /** POST: reveal the current server seed, commit a new one, nonce back to 0. */
  rotate: '/h5/api/games/seeds/rotate',
  /** POST: one paid spin and its whole feature. */
  spin: '/h5/api/games/slots/spins',
  /** GET: the player's spins (游戏记录), newest first. */
  mine: '/h5/api/games/slots/spins',
  /** GET: one spin with every screen and its proof. */
  detail: '/h5/api/games/slots/spins/:spinId',
} as const;

/** A revealed (rotated) seed pair: the server seed may now be checked against its commitment. */
export const RevealedSeedPair = z.object({
  serverSeedCommitment: z.string(),
  /** The 32-byte server seed, hex: shown only once the pair is rotated. */
  serverSeed: z.string(),
  clientSeed: z.string(),
  /** Rounds played on the pair (nonces 0 … rounds − 1). */
  rounds: z.number().int(),
  createdAt: z.number().int(),
  rotatedAt: z.number().int(),
});
export type RevealedSeedPair = z.infer<typeof RevealedSeedPair>;

export const SeedPairView = z.object({
  serverSeedCommitment: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round uses. */
  nonce: z.number().int(),
  /** The pair rotates by itself once this many rounds are played. */
  roundsPerServerSeed: z.number().int(),
  createdAt: z.number().int(),
  /** Pairs already rotated, newest first (at most 20). */
  previous: z.array(RevealedSeedPair),
});
export type SeedPairView = z.infer<typeof SeedPairView>;

export const RotateSeedResult = z.object({
  /** The pair just rotated, its server seed revealed. */
  revealed: RevealedSeedPair,
  current: SeedPairView,
});
export type RotateSeedResult = z.infer<typeof RotateSeedResult>;

/** The client seed is checked by the service (1–64 of [A-Za-z0-9_-]) for a precise refusal. */
export const SetClientSeedRequest = z.object({ clientSeed: z.string().max(200) }).strict();
export type SetClientSeedRequest = z.infer<typeof SetClientSeedRequest>;

/** A par sheet's exact figures (slot-calculator), per unit of total bet. */
export const SlotFiguresView = z.object({
  rtp: z.number(),
  baseLineRtp: z.number(),
  baseScatterRtp: z.number(),
  featureRtp: z.number(),
  hitFrequency: z.number(),
  featureFrequency: z.number(),
  spinsPerFeature: z.number(),
  maxWinBound: z.number(),
});
export type SlotFiguresView = z.infer<typeof SlotFiguresView>;

export const SlotGameView = z.object({
  gameCode: z.string(),
  name: z.string(),
  status: z.enum(['open', 'closed']),
  parSheetVersion: z.number().int(),
  parSheetHash: z.string(),
  parSheetUrl: z.string(),
  lineCount: z.number().int(),
  /** Line bets offered (the total bet is lineCount × line bet). */
  lineBets: z.array(moneyString),
  freeMultiplier: z.number().int(),
  maxWinMultiple: z.number().int(),
  figures: SlotFiguresView,
});
export type SlotGameView = z.infer<typeof SlotGameView>;

export const SlotGamesList = z.object({ games: z.array(SlotGameView) });
export type SlotGamesList = z.infer<typeof SlotGamesList>;

export const SpinRequest = z
  .object({
    /** The client's key for this tap: a retry (or a double tap) returns the first spin. */
    requestKey: z.string().regex(/^[A-Za-z0-9_:-]{8,80}$/),
    gameCode: GameCodeParam,
    lineBet: moneyString,
  })
  .strict();
export type SpinRequest = z.infer<typeof SpinRequest>;

export const SlotLineWinView = z.object({
  /** Payline index (0-based) in the par sheet. */
  line: z.number().int(),
  symbol: z.string(),
  count: z.number().int(),
  /** What the line paid, multiplier applied. */
  win: moneyString,
});

export const SlotScreenView = z.object({
  stops: z.array(z.number().int()),
  /** [reel][row] symbol ids. */
  window: z.array(z.array(z.string())),
  lines: z.array(SlotLineWinView),
  scatters: z.number().int(),
  /** Scatter pay, multiplier applied. */
  scatterWin: moneyString,
  multiplier: z.number().int(),
  /** Everything the screen paid. */
  win: moneyString,
  /** Free spins the screen awarded (before the feature's cap). */
  awards: z.number().int(),
});
export type SlotScreenView = z.infer<typeof SlotScreenView>;

/** The proof: everything needed to recompute the spin (§10.5, §10.13). */
export const SpinProof = z.object({
  serverSeedCommitment: z.string(),
  /** Null until the pair is rotated. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  parSheetHash: z.string(),
  parSheetVersion: z.number().int(),
});
export type SpinProof = z.infer<typeof SpinProof>;

export const SpinResult = z.object({
  spinId: z.string(),
  requestKey: z.string(),
  gameCode: z.string(),
  lineBet: moneyString,
  lineCount: z.number().int(),
  /** lineCount × lineBet. */
  bet: moneyString,
  nonce: z.number().int(),
  clientSeed: z.string(),
  serverSeedCommitment: z.string(),
  proof: SpinProof,
  base: SlotScreenView,
  free: z.array(SlotScreenView),
  feature: z.object({
    triggered: z.boolean(),
    spins: z.number().int(),
    retriggers: z.number().int(),
    win: moneyString,
  }),
  /** The paid spin and its whole feature. */
  totalWin: moneyString,
  /** Whether the max-win guard cut the total (the par sheets make it unreachable). */
  capped: z.boolean(),
  /** The player's venue balance after the spin. */
  balance: moneyString,
  createdAt: z.number().int(),
});
export type SpinResult = z.infer<typeof SpinResult>;

export const SpinHistoryItem = z.object({
  spinId: z.string(),
  gameCode: z.string(),
  bet: moneyString,
  totalWin: moneyString,
  /** The paid spin's stops. */
  stops: z.array(z.number().int()),
  freeSpins: z.number().int(),
  proof: SpinProof,
  createdAt: z.number().int(),
});
export type SpinHistoryItem = z.infer<typeof SpinHistoryItem>;

export const SpinHistoryQuery = z
  .object({
    gameCode: GameCodeParam.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** Page back from this spin id (exclusive). */
    before: z
      .string()
      .regex(/^[0-9]{1,18}$/)
      .optional(),
  })
  .strict();
export type SpinHistoryQuery = z.infer<typeof SpinHistoryQuery>;

export const SpinHistory = z.object({ spins: z.array(SpinHistoryItem) });
export type SpinHistory = z.infer<typeof SpinHistory>;

export const SpinIdParam = z.string().regex(/^[1-9][0-9]{0,17}$/);
