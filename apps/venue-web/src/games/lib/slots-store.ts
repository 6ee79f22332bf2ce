import type { SlotGameView } from '@nebula/protocol/venue/games/slots-api';
import { ApiError } from '../../lib/api';
import { createStore } from '../../lib/store';
import { slotsCalls } from './slots-api';

/**
 * The slot games the venue offers (with their par sheets' hashes and the calculator's exact
 * figures) and this visit's tally: when play started and the net result of the spins played,
 * shown on the game page as regulators expect (time and net visible while playing).
 */
export interface SlotsState {
  games: SlotGameView[] | null;
  error: string | null;
}

export const slotsStore = createStore<SlotsState>({ games: null, error: null });

let loading: Promise<void> | null = null;

/** Loads the slot list once (again after a failure). */
export function loadSlotGames(force = false): Promise<void> {
  if (loading && !force) return loading;
  loading = slotsCalls.games().then(
    (list) => slotsStore.set({ games: list.games, error: null }),
    (err: unknown) => {
      loading = null;
      slotsStore.set((s) => ({ ...s, error: err instanceof ApiError ? err.message : String(err) }));
    },
  );
  return loading;
}

export interface SlotTally {
  /** When the page opened (ms, the browser's clock: only a duration is shown). */
  startedAt: number;
  spins: number;
  /** Σ (win − bet) in fen. */
  netFen: bigint;
}

export const slotTally = createStore<SlotTally>({ startedAt: Date.now(), spins: 0, netFen: 0n });

export function tallySpin(betFen: bigint, winFen: bigint): void {
  slotTally.set((t) => ({ ...t, spins: t.spins + 1, netFen: t.netFen + winFen - betFen }));
}

/** "mm:ss" or "h:mm:ss" of a duration. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}
