import { z } from 'zod';
import { VenueConfigError } from './config-parsers';

/** A spin cycle of at least 2.5 s per player (docs/contract.md §10.13). */
export const SLOT_MIN_CYCLE_MS = 2500;

export interface SlotConfig {
  /** The minimum spin cycle per player (0 only under the test/bench hook). */
  minCycleMs: number;
  /** Test hook (`VENUE_TEST_CRASH=slot-spin:N`): die inside the N-th spin after its debit. */
  crashAtSpin: number | null;
}

const SlotEnv = z.object({
  /**
   * Test and bench hook, refused in production: `off` lifts the 2.5 s minimum spin cycle so a
   * bench spins as fast as the venue answers.
   */
  VENUE_TEST_SLOT_CYCLE: z.enum(['on', 'off']).default('on'),
});

/** The house slots' settings, beside the venue's (its VENUE_TEST_CRASH already checked). */
export function loadSlotConfig(
  env: Record<string, string | undefined>,
  production: boolean,
  crashHook: string | undefined,
): SlotConfig {
  const parsed = SlotEnv.safeParse(env);
  if (!parsed.success) throw new VenueConfigError('VENUE_TEST_SLOT_CYCLE: on or off');
  const off = parsed.data.VENUE_TEST_SLOT_CYCLE === 'off';
  if (production && off) throw new VenueConfigError('VENUE_TEST_SLOT_CYCLE: refused in production');
  return {
    minCycleMs: off ? 0 : SLOT_MIN_CYCLE_MS,
    crashAtSpin: crashHook?.startsWith('slot-spin:') ? Number(crashHook.split(':')[1]) : null,
  };
}
