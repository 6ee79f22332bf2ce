import { describe, expect, it } from 'vitest';
import { createStream } from '@nebula/protocol/fair/byte-stream';
import { bytesToHex, hexToBytes } from '@nebula/protocol/fair/bytes';
import { seedCommitment } from '@nebula/protocol/fair/player-seeds';
import { formatMoney } from '@nebula/protocol/money/fen';
import { FXGZ_PAR_SHEET } from '@nebula/protocol/venue/games/slots/demo-par-sheets';
import { parSheetHash } from '@nebula/protocol/venue/games/slots/par-sheet-hash';
import { spin, type SpinScreen } from '@nebula/protocol/venue/games/slots/slot-engine';
import type { SlotScreenView, SpinResult } from '@nebula/protocol/venue/games/slots-api';
import { checkSpin, recomputeSpin } from './slot-verify';

// The golden vectors' per-player seed (docs/contract.md §10.9).
const SEED = 'ae1e2fb6621c69bbb75425c304b2a6e84aaf8688f2fa0d06e10106b31489c876';
const CLIENT = 'nebula_Player-7';
const sheet = FXGZ_PAR_SHEET;
const hash = parSheetHash(sheet);
const LINE_BET_FEN = 5n;

const view = (s: SpinScreen): SlotScreenView => ({
  stops: s.stops,
  window: s.window,
  lines: s.lines.map((l) => ({ line: l.line, symbol: l.symbol, count: l.count, win: '0.00' })),
  scatters: s.scatters,
  scatterWin: '0.00',
  multiplier: s.multiplier,
  win: formatMoney(BigInt(s.units) * LINE_BET_FEN),
  awards: s.awards,
});

/** A spin as the venue would record it, made here with the engine (a stand-in for its answer). */
function recorded(nonce: number, revealed = true): SpinResult {
  const o = spin(sheet, createStream(hexToBytes(SEED), `${CLIENT}:${nonce}`));
  const commitment = seedCommitment(hexToBytes(SEED));
  const bet = formatMoney(LINE_BET_FEN * BigInt(sheet.lines.length));
  const win = formatMoney(BigInt(o.units) * LINE_BET_FEN);
  return {
    spinId: String(nonce + 1),
    requestKey: `test-key-${nonce}`,
    gameCode: sheet.gameCode,
    lineBet: formatMoney(LINE_BET_FEN),
    lineCount: sheet.lines.length,
    bet,
    nonce,
    clientSeed: CLIENT,
    serverSeedCommitment: commitment,
    proof: {
      serverSeedCommitment: commitment,
      serverSeed: revealed ? SEED : null,
      clientSeed: CLIENT,
      nonce,
      parSheetHash: hash,
      parSheetVersion: sheet.version,
    },
    base: view(o.base),
    free: o.free.map(view),
    feature: { triggered: o.free.length > 0, spins: o.free.length, retriggers: 0, win: '0.00' },
    totalWin: win,
    capped: o.capped,
    balance: '100.00',
    createdAt: 0,
  };
}

/** The first nonce whose spin starts the free-spin feature (the stream decides; found once). */
const featureNonce = (() => {
  for (let n = 0; n < 2000; n++) if (recorded(n).free.length > 0) return n;
  throw new Error('no feature in 2000 spins');
})();

describe('公平验证 of a slot spin', () => {
  it('recomputes the stops of the paid spin and of every free spin, and the payout', () => {
    const r = recorded(featureNonce);
    const check = checkSpin(r, sheet, hash);
    if (check.kind !== 'checked') throw new Error('expected a check');
    expect(check.ok).toBe(true);
    expect(check.screens).toHaveLength(1 + r.free.length);
    expect(check.screens[1]!.label).toBe('免费旋转 1');
    expect(formatMoney(check.re.winFen)).toBe(r.totalWin);
    expect(check.re.message).toBe(`${CLIENT}:${featureNonce}`);
    // The trace starts at block 0 of the message, as the contract's stream says.
    expect(check.re.trace.blocks[0]!.input).toBe(`${CLIENT}:${featureNonce}:0`);
  });

  it('says which part disagrees: a stop, the payout, the commitment, the par sheet', () => {
    const r = recorded(3);
    const moved = {
      ...r,
      base: { ...r.base, stops: r.base.stops.map((s, i) => (i === 2 ? s + 1 : s)) },
    };
    const c1 = checkSpin(moved, sheet, hash);
    expect(c1.kind === 'checked' && !c1.ok && !c1.screens[0]!.ok && c1.payoutOk).toBe(true);
    const paid = { ...r, totalWin: formatMoney(BigInt(r.totalWin.replace('.', '')) + 1n) };
    const c2 = checkSpin(paid, sheet, hash);
    expect(c2.kind === 'checked' && !c2.ok && !c2.payoutOk).toBe(true);
    const other = bytesToHex(new Uint8Array(32));
    const wrong = {
      ...r,
      proof: { ...r.proof, serverSeedCommitment: seedCommitment(hexToBytes(other)) },
    };
    const c3 = checkSpin(wrong, sheet, hash);
    expect(c3.kind === 'checked' && !c3.ok && !c3.commitmentOk).toBe(true);
    const c4 = checkSpin(r, sheet, '0'.repeat(64));
    expect(c4.kind === 'checked' && !c4.ok && !c4.parSheetOk).toBe(true);
  });

  it('waits for the seed pair to be rotated before the server seed can be checked', () => {
    const c = checkSpin(recorded(0, false), sheet, hash);
    expect(c).toEqual({ kind: 'sealed', commitment: recorded(0).proof.serverSeedCommitment });
  });

  it('pays units × the line bet, the same whatever the line bet picked', () => {
    const a = recomputeSpin(sheet, SEED, CLIENT, featureNonce, 1n);
    const b = recomputeSpin(sheet, SEED, CLIENT, featureNonce, 100n);
    expect(b.winFen).toBe(a.winFen * 100n);
    expect(a.outcome.free.length).toBeGreaterThan(0);
  });
});
