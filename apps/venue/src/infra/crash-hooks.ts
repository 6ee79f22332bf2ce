/**
 * The venue's crash hooks for tests (VENUE_TEST_CRASH, refused in production): the process
 * kills itself (SIGKILL) at one point of a money path so a test can restart it and check that
 * nothing is lost or done twice. `settle-batch:N` — inside the N-th settlement batch, after its
 * writes and before its commit; `place-reserved:1` — after a placement's liability reservation
 * commits, before the bet's transaction; `game-settle-batch:N` — inside the N-th batch settling
 * a game round's bets; `game-step:<step>[:<game>]` — right after that step of a round of that
 * game (any game without one) commits; `table-step:<step>[:<table>]` — right after that step of
 * a live table's round commits.
 */
export const CRASH_HOOK =
  /^((settle-batch|place-reserved|game-settle-batch):\d{1,4}|game-step:(open|sealed|drawn|settled)(:[A-Z0-9]{2,16})?|table-step:(betting|sealed|dealt|settled)(:[A-Z0-9]{2,16})?)$/;

export type GameStepHook = {
  step: 'open' | 'sealed' | 'drawn' | 'settled';
  gameCode: string | null;
};

export type TableStepHook = {
  step: 'betting' | 'sealed' | 'dealt' | 'settled';
  tableCode: string | null;
};

export interface CrashHooks {
  crashAtSettleBatch: number | null;
  crashAfterReserve: boolean;
  crashAfterGameStep: GameStepHook | null;
  crashAtGameSettleBatch: number | null;
  crashAfterTableStep: TableStepHook | null;
}

/** The hooks of a VENUE_TEST_CRASH value already checked against CRASH_HOOK. */
export function crashHooks(hook: string | undefined): CrashHooks {
  const [kind, arg, gameCode] = hook?.split(':') ?? [];
  return {
    crashAtSettleBatch: kind === 'settle-batch' ? Number(arg) : null,
    crashAfterReserve: kind === 'place-reserved',
    crashAfterGameStep:
      kind === 'game-step'
        ? { step: arg as GameStepHook['step'], gameCode: gameCode ?? null }
        : null,
    crashAtGameSettleBatch: kind === 'game-settle-batch' ? Number(arg) : null,
    crashAfterTableStep:
      kind === 'table-step'
        ? { step: arg as TableStepHook['step'], tableCode: gameCode ?? null }
        : null,
  };
}
