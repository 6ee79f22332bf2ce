/*
 * Plain constants of the wallet, without zod, so the member site's pages can use them without
 * loading the schemas. `wallet.ts` builds its schemas from them.
 */

/** Time-out (冷静期) and self-exclusion (自我排除): the kinds of break from play. */
export const PLAY_BREAK_KINDS = ['timeout', 'selfExclusion'] as const;
/** Every length offered, shortest first. */
export const PLAY_BREAK_LENGTHS = ['24h', '72h', '7d', '30d', '6m', '1y', '5y'] as const;
/** The lengths offered, per kind (hours). */
export const PLAY_BREAK_HOURS = {
  timeout: { '24h': 24, '72h': 72, '7d': 168, '30d': 720 },
  // Fixed lengths in days (182, 365, 1826), not calendar months: every node computes the same end.
  selfExclusion: { '6m': 4368, '1y': 8760, '5y': 43824 },
} as const satisfies Record<
  (typeof PLAY_BREAK_KINDS)[number],
  Partial<Record<(typeof PLAY_BREAK_LENGTHS)[number], number>>
>;
