import type { GameView } from '@nebula/protocol/venue/games/games';
import { nextRoundNo } from '../lib/round-calendar';
import { countdownText } from '../lib/use-server-now';

export type ClockState =
  | { kind: 'open'; roundNo: string; sealAt: number; left: string; urgent: boolean }
  | { kind: 'sealed'; roundNo: string; nextRoundNo: string; drawAt: number; left: string }
  | { kind: 'waiting'; nextRoundNo: string | null }
  | { kind: 'closed' };

/**
 * Where a game's current round stands at the venue's `now`: open (counting down to its seal,
 * urgent in the last 10 s), 已封盘 until its draw (with the next 期号), or waiting for the next
 * round to open. Placement refuses from `sealAt` on whatever the stored status says, so the page
 * does too (docs/contract.md §10.10).
 */
export function clockOf(game: GameView, now: number): ClockState {
  if (game.status === 'closed') return { kind: 'closed' };
  const r = game.current;
  if (!r) return { kind: 'waiting', nextRoundNo: null };
  const next = nextRoundNo(r.drawAt, game.roundSeconds);
  if (r.status === 'open' && now < r.sealAt) {
    const ms = r.sealAt - now;
    return {
      kind: 'open',
      roundNo: r.roundNo,
      sealAt: r.sealAt,
      left: countdownText(r.sealAt, now),
      urgent: ms <= 10_000,
    };
  }
  if ((r.status === 'open' || r.status === 'sealed') && now < r.drawAt + 60_000) {
    return {
      kind: 'sealed',
      roundNo: r.roundNo,
      nextRoundNo: next,
      drawAt: r.drawAt,
      left: countdownText(r.drawAt, now),
    };
  }
  return { kind: 'waiting', nextRoundNo: next };
}
