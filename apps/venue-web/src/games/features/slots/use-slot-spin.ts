import { useCallback, useEffect, useRef, useState } from 'react';
import { parseMoney } from '@nebula/protocol/money/fen';
import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import type {
  SlotScreenView,
  SpinRequest,
  SpinResult,
} from '@nebula/protocol/venue/games/slots-api';
import { windowOf } from '@nebula/protocol/venue/games/slots/slot-engine';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { slotsCalls } from '../../lib/slots-api';
import { tallySpin } from '../../lib/slots-store';
import { winChime } from '../../lib/slot-sound';
import { balanceFromSlip } from '../../lib/wallet-store';
import { newRequestKey } from '../slip/slip';
import type { ReelRun } from './slot-reels-view';
import { celebrates, FREE_SPIN_MS, PAID_SPIN_MS, restingStops } from './slot-reels';

/**
 * One paid spin played on the page, start to end: the tap sends one request (a second tap while
 * it runs does nothing: the button is disabled and a ref guards the same frame), the reels run
 * for at least 2.5 s from the tap and land on the server's stops, then any free spins play
 * through one by one on the free strips. Only a total above the stake is celebrated.
 */
export type SpinPhase = 'idle' | 'waiting' | 'base' | 'free' | 'done';

export interface SpinView {
  phase: SpinPhase;
  result: SpinResult | null;
  /** The screen shown or landing (base or a free spin). */
  screen: SlotScreenView | null;
  /** 1-based index of the free spin on screen, 0 for the base spin. */
  freeIndex: number;
  shown: string[][];
  run: ReelRun | null;
}

/** Pause on a landed screen before the next free spin. */
const SHOW_MS = 800;
/** Whatever the answer's delay, the reels run at least this long once it is in. */
const MIN_RUN_MS = 1800;

/**
 * Sends the spin; when the venue says the 2.5 s cycle since the previous spin has not passed
 * (8142, a slow answer can make the page's cycle end a little before the venue's), waits the
 * `waitMs` it names and sends the same request key once more — still the one tap, one spin.
 */
export async function spinOnce(req: SpinRequest): Promise<SpinResult> {
  try {
    return await slotsCalls.spin(req);
  } catch (err) {
    const wait = err instanceof ApiError && err.code === 8142 ? Number(err.data?.waitMs) : NaN;
    if (!(wait >= 0 && wait <= 3000)) throw err;
    await new Promise((resolve) => setTimeout(resolve, wait));
    return slotsCalls.spin(req);
  }
}

export function useSlotSpin(gameCode: string, sheet: ParSheet) {
  const [view, setView] = useState<SpinView>(() => ({
    phase: 'idle',
    result: null,
    screen: null,
    freeIndex: 0,
    shown: windowOf(sheet.reels.base, restingStops(sheet)),
    run: null,
  }));
  const busy = useRef(false);
  const runs = useRef(0);
  const pending = useRef<SpinResult | null>(null);

  /** Books a finished (or abandoned) spin once: the tally and the balance. */
  const settle = useCallback(() => {
    const r = pending.current;
    if (!r) return;
    pending.current = null;
    tallySpin(parseMoney(r.bet), parseMoney(r.totalWin));
    balanceFromSlip(r.balance);
  }, []);
  useEffect(() => settle, [settle]);

  const runTo = useCallback(
    (screen: SlotScreenView, free: boolean, ms: number): ReelRun => ({
      id: ++runs.current,
      strips: free ? sheet.reels.free : sheet.reels.base,
      stops: screen.stops,
      window: screen.window,
      ms,
    }),
    [sheet],
  );

  const spin = useCallback(
    async (lineBet: string) => {
      if (busy.current) return;
      busy.current = true;
      const tappedAt = performance.now();
      setView((v) => ({ ...v, phase: 'waiting', screen: null, run: null, freeIndex: 0 }));
      let result: SpinResult;
      try {
        result = await spinOnce({ requestKey: newRequestKey(), gameCode, lineBet });
      } catch (err) {
        busy.current = false;
        setView((v) => ({ ...v, phase: 'idle' }));
        toast(err instanceof ApiError ? err.message : String(err));
        return;
      }
      pending.current = result;
      const ms = Math.max(MIN_RUN_MS, PAID_SPIN_MS - (performance.now() - tappedAt));
      const run = runTo(result.base, false, ms);
      setView((v) => ({ ...v, phase: 'base', result, screen: result.base, run }));
    },
    [gameCode, runTo],
  );

  /** The reels landed: the window stays on the landed rows. */
  const onLanded = useCallback((runId: number) => {
    setView((v) => {
      if (!v.run || v.run.id !== runId || !v.result) return v;
      const last = v.freeIndex >= v.result.free.length;
      return {
        ...v,
        shown: v.run.window.map((c) => [...c]),
        run: null,
        phase: last ? 'done' : v.phase,
      };
    });
  }, []);

  // After a landing that leaves free spins to play: the next one after a pause (longer before
  // the first, whose award is on screen).
  const { phase, run, result, freeIndex } = view;
  useEffect(() => {
    if (run !== null || result === null || (phase !== 'base' && phase !== 'free')) return;
    const screen = result.free[freeIndex];
    if (!screen) return;
    const t = setTimeout(
      () =>
        setView((w) => ({
          ...w,
          phase: 'free',
          screen,
          freeIndex: freeIndex + 1,
          run: runTo(screen, true, FREE_SPIN_MS),
        })),
      freeIndex === 0 ? 2 * SHOW_MS : SHOW_MS,
    );
    return () => clearTimeout(t);
  }, [phase, run, result, freeIndex, runTo]);

  // The spin's end: booked once, the chime only for a return above the stake, the button back.
  useEffect(() => {
    if (phase !== 'done' || result === null) return;
    if (
      pending.current === result &&
      celebrates(parseMoney(result.totalWin), parseMoney(result.bet))
    ) {
      winChime();
    }
    settle();
    busy.current = false;
  }, [phase, result, settle]);

  return { view, spin, onLanded, busy: phase !== 'idle' && phase !== 'done' };
}
