import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStream } from '@nebula/protocol/fair/byte-stream';
import { hexToBytes } from '@nebula/protocol/fair/bytes';
import { formatMoney } from '@nebula/protocol/money/fen';
import { FXGZ_PAR_SHEET } from '@nebula/protocol/venue/games/slots/demo-par-sheets';
import { spin, type SpinScreen } from '@nebula/protocol/venue/games/slots/slot-engine';
import type { SlotScreenView, SpinResult } from '@nebula/protocol/venue/games/slots-api';
import { slotTally } from '../../lib/slots-store';
import { gameBalance } from '../../lib/wallet-store';
import { PAID_SPIN_MS } from './slot-reels';
import { ApiError } from '../../../lib/api';
import { spinOnce, useSlotSpin } from './use-slot-spin';

const calls = vi.hoisted(() => ({ spin: vi.fn() }));
vi.mock('../../lib/slots-api', () => ({ slotsCalls: calls }));
const sound = vi.hoisted(() => ({ winChime: vi.fn(), reelStopBeep: vi.fn() }));
vi.mock('../../lib/slot-sound', async (orig) => ({ ...(await orig()), ...sound }));

const SEED = hexToBytes('ae1e2fb6621c69bbb75425c304b2a6e84aaf8688f2fa0d06e10106b31489c876');
const sheet = FXGZ_PAR_SHEET;
const view = (s: SpinScreen): SlotScreenView => ({
  stops: s.stops,
  window: s.window,
  lines: s.lines.map((l) => ({ line: l.line, symbol: l.symbol, count: l.count, win: '0.00' })),
  scatters: s.scatters,
  scatterWin: '0.00',
  multiplier: s.multiplier,
  win: formatMoney(BigInt(s.units)),
  awards: s.awards,
});
/** The venue's answer for a nonce at a line bet of 0.01 (total bet 0.20), made with the engine. */
function answer(nonce: number): SpinResult {
  const o = spin(sheet, createStream(SEED, `c:${nonce}`));
  const proof = {
    serverSeedCommitment: 'x',
    serverSeed: null,
    clientSeed: 'c',
    nonce,
    parSheetHash: 'h',
    parSheetVersion: 1,
  };
  return {
    spinId: '1',
    requestKey: 'k',
    gameCode: 'FXGZ',
    lineBet: '0.01',
    lineCount: 20,
    bet: '0.20',
    nonce,
    clientSeed: 'c',
    serverSeedCommitment: 'x',
    proof,
    base: view(o.base),
    free: o.free.map(view),
    feature: { triggered: o.free.length > 0, spins: o.free.length, retriggers: 0, win: '0.00' },
    totalWin: formatMoney(BigInt(o.units)),
    capped: false,
    balance: '99.00',
    createdAt: 0,
  };
}
const find = (ok: (r: SpinResult) => boolean) => {
  for (let n = 0; n < 3000; n++) if (ok(answer(n))) return answer(n);
  throw new Error('none');
};

beforeEach(() => {
  vi.useFakeTimers();
  calls.spin.mockReset();
  sound.winChime.mockReset();
  slotTally.set({ startedAt: 0, spins: 0, netFen: 0n });
  gameBalance.set(null);
});
afterEach(() => vi.useRealTimers());

/** Lands whatever run is on screen, as the reel view does when its time is up. */
async function landAll(h: { current: ReturnType<typeof useSlotSpin> }) {
  for (let i = 0; i < 40 && h.current.busy; i++) {
    const run = h.current.view.run;
    if (run) act(() => h.current.onLanded(run.id));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
  }
}

describe('a spin on the page', () => {
  it('spins once on a double tap, runs at least 2.5 s, plays the feature through, books once', async () => {
    const r = find((x) => x.free.length > 0);
    calls.spin.mockResolvedValue(r);
    const { result: h } = renderHook(() => useSlotSpin('FXGZ', sheet));
    await act(async () => {
      await Promise.all([h.current.spin('0.01'), h.current.spin('0.01')]);
    });
    expect(calls.spin).toHaveBeenCalledTimes(1);
    expect(h.current.busy).toBe(true);
    expect(h.current.view.run!.ms).toBeGreaterThanOrEqual(PAID_SPIN_MS - 50);
    expect(h.current.view.run!.stops).toEqual(r.base.stops);
    const seen: number[][] = [];
    for (let i = 0; i < 40 && h.current.busy; i++) {
      const run = h.current.view.run;
      if (run) {
        seen.push([...run.stops]);
        act(() => h.current.onLanded(run.id));
      }
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
    }
    expect(seen).toEqual([r.base.stops, ...r.free.map((f) => f.stops)]);
    expect(h.current.view.phase).toBe('done');
    const t = slotTally.get();
    expect(t.spins).toBe(1);
    expect(t.netFen).toBe(BigInt(r.totalWin.replace('.', '')) - 20n);
    expect(gameBalance.get()).toBe('99.00');
  });

  it('celebrates a return above the stake, never one at or below it', async () => {
    const small = find(
      (x) => x.free.length === 0 && x.totalWin !== '0.00' && Number(x.totalWin) <= 0.2,
    );
    const big = find((x) => x.free.length === 0 && Number(x.totalWin) > 0.2);
    for (const [r, chimes] of [
      [small, 0],
      [big, 1],
    ] as const) {
      calls.spin.mockResolvedValueOnce(r);
      sound.winChime.mockReset();
      const { result: h } = renderHook(() => useSlotSpin('FXGZ', sheet));
      await act(() => h.current.spin('0.01'));
      await landAll(h);
      expect(h.current.view.phase).toBe('done');
      expect(sound.winChime).toHaveBeenCalledTimes(chimes);
    }
  });

  it('a refusal debits nothing on the page and gives the button back', async () => {
    calls.spin.mockRejectedValue(new Error('余额不足'));
    const { result: h } = renderHook(() => useSlotSpin('FXGZ', sheet));
    await act(() => h.current.spin('0.01'));
    expect(h.current.busy).toBe(false);
    expect(slotTally.get().spins).toBe(0);
  });

  it('a spin sooner than the venue’s cycle waits what it names and sends the same key again', async () => {
    const r = answer(0);
    calls.spin
      .mockRejectedValueOnce(new ApiError(8142, '转动过快', { waitMs: 300 }))
      .mockResolvedValueOnce(r);
    const req = { requestKey: 'slot-key-1', gameCode: 'FXGZ', lineBet: '0.01' };
    const p = spinOnce(req);
    await vi.advanceTimersByTimeAsync(299);
    expect(calls.spin).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe(r);
    expect(calls.spin.mock.calls).toEqual([[req], [req]]);
    // Any other refusal is the member's to see.
    calls.spin.mockRejectedValueOnce(new ApiError(8144, '余额不足'));
    await expect(spinOnce(req)).rejects.toMatchObject({ code: 8144 });
  });
});
