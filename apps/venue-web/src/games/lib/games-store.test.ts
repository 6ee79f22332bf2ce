import { describe, expect, it } from 'vitest';
import type { GameView, RoundView } from '@nebula/protocol/venue/games/games';
import { applyGamesList, clearDrawn, gamesStore } from './games-store';

const round = (gameCode: string, roundNo: string, outcome: number[]): RoundView => ({
  gameCode,
  roundNo,
  chainId: 'c',
  chainIndex: 1,
  status: 'settled',
  opensAt: 0,
  sealAt: 0,
  drawAt: 0,
  paytableHash: 'h',
  seed: 'ab',
  outcome,
  voided: null,
});
const game = (gameCode: string, current: RoundView): GameView => ({
  gameCode,
  family: 'CP',
  name: gameCode,
  status: 'open',
  roundSeconds: 60,
  sealBeforeSeconds: 10,
  paytableUrl: '/p',
  paytableHash: 'h',
  current,
});

describe('outcomes arriving for several games at once', () => {
  it('keeps each game’s arrival for its own draw animation', () => {
    const list = (no: string) => ({
      serverTime: 0,
      games: [
        game('JSK3', round('JSK3', no, [1, 2, 3])),
        game('JSPK10', round('JSPK10', no, [3, 9, 2, 8, 4, 5, 7, 6, 10, 1])),
        game('JSSSC', round('JSSSC', no, [0, 1, 2, 3, 4])),
      ],
    });
    applyGamesList(list('202611260001'), 0, 0);
    // The first outcome the page learns is not an arrival.
    expect(gamesStore.get().drawn).toEqual({});
    applyGamesList(list('202611260002'), 0, 0);
    const drawn = gamesStore.get().drawn;
    expect(Object.keys(drawn).sort()).toEqual(['JSK3', 'JSPK10', 'JSSSC']);
    expect(drawn.JSPK10!.outcome).toEqual([3, 9, 2, 8, 4, 5, 7, 6, 10, 1]);
    clearDrawn('JSK3');
    expect(Object.keys(gamesStore.get().drawn).sort()).toEqual(['JSPK10', 'JSSSC']);
    expect(gamesStore.get().last.JSSSC!.roundNo).toBe('202611260002');
  });
});
