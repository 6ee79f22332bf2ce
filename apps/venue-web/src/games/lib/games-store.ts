import type { GamesList, GameView, RoundView } from '@nebula/protocol/venue/games/games';
import type { ChannelFrame, LiveChannel } from '@nebula/protocol/venue/live-channels';
import { currentSession } from '../../lib/session';
import { ApiError, SessionExpiredError } from '../../lib/api';
import { createStore } from '../../lib/store';
import { gamesCalls } from './games-api';
import { onChannelFrames, socketDown, wantChannels } from './games-live';
import { monoNow, syncServerTime } from './server-clock';

export interface GamesState {
  games: GameView[] | null;
  error: string | null;
  /** Each game's newest round with an outcome (drawn, settled or voided). */
  last: Record<string, RoundView>;
  /**
   * Each game's last outcome that arrived while the page was open: its draw animation plays it
   * once. Kept per game: the three lottery games draw at the same moment.
   */
  drawn: Record<string, RoundView>;
}

export const gamesStore = createStore<GamesState>({
  games: null,
  error: null,
  last: {},
  drawn: {},
});

/**
 * How often the page asks for the games list while the lottery games' channels are not live
 * (docs/contract.md §10.11, live channels): a lottery session watches each game's channel
 * (opened, sealed, drawn) and polls only while the socket is down; other sessions poll.
 */
export const GAMES_POLL_MS = 2000;
/** Whether the lottery games' channels are followed now (then the list is not polled). */
let lotteryWatched = false;

const hasOutcome = (r: RoundView | null): boolean => r !== null && r.outcome !== null;
/** 期号 order: digits without leading zeros, so the longer is the later. */
export const roundAfter = (a: string, b: string): boolean =>
  a.length !== b.length ? a.length > b.length : a > b;
const seenCurrent = new Map<string, string>();

/** Games whose newest outcome the page has learnt (or learnt there is none): later ones arrive. */
const loaded = new Set<string>();

/** A newer outcome for a game; the first one the page learns is not an arrival. */
function putLast(gameCode: string, round: RoundView): void {
  const arrival = loaded.has(gameCode);
  loaded.add(gameCode);
  gamesStore.set((s) => {
    const before = s.last[gameCode];
    if (before && !roundAfter(round.roundNo, before.roundNo)) {
      return before.roundNo === round.roundNo && before.status !== round.status
        ? { ...s, last: { ...s.last, [gameCode]: round } }
        : s;
    }
    return {
      ...s,
      last: { ...s.last, [gameCode]: round },
      drawn: arrival && !round.voided ? { ...s.drawn, [gameCode]: round } : s.drawn,
    };
  });
}

async function loadLast(gameCode: string): Promise<void> {
  try {
    const [r] = (await gamesCalls.results(gameCode, 1)).rounds;
    if (r) putLast(gameCode, r);
    else loaded.add(gameCode);
  } catch {
    // The next list asks again.
    seenCurrent.delete(gameCode);
  }
}

/** Takes one games list: the clock, the games, and the newest outcome of each game. */
export function applyGamesList(list: GamesList, sentAt: number, receivedAt = monoNow()): void {
  syncServerTime(list.serverTime, sentAt, receivedAt);
  gamesStore.set((s) => ({ ...s, games: list.games, error: null }));
  // Only a lottery (CP) venue's session may watch the lottery games' channels.
  if (currentSession()?.family === 'CP') {
    const channels = list.games
      .filter((g) => g.family === 'CP')
      .map((g): LiveChannel => `lottery:${g.gameCode}`);
    wantChannels('lottery', channels);
    lotteryWatched = channels.length > 0;
  }
  for (const g of list.games) {
    const r = g.current;
    if (r && hasOutcome(r)) {
      putLast(g.gameCode, r);
      seenCurrent.set(g.gameCode, `${r.roundNo}:${r.status}`);
      continue;
    }
    // A new round opened (so the one before it was drawn): ask for the newest result.
    const key = r ? r.roundNo : '';
    if (seenCurrent.get(g.gameCode) === key) continue;
    seenCurrent.set(g.gameCode, key);
    void loadLast(g.gameCode);
  }
}

export async function refreshGames(): Promise<void> {
  const sentAt = monoNow();
  try {
    applyGamesList(await gamesCalls.list(), sentAt);
  } catch (err) {
    if (err instanceof SessionExpiredError) return;
    const message = err instanceof ApiError ? err.message : String(err);
    gamesStore.set((s) => ({ ...s, error: message }));
  }
}

/** A game's round as the page shows it: the newest wins, a round's own news replaces it. */
function putCurrent(gameCode: string, fn: (r: RoundView | null) => RoundView | null): void {
  gamesStore.set((s) => {
    const games = s.games?.map((g) => {
      if (g.gameCode !== gameCode) return g;
      const current = fn(g.current);
      return current === g.current ? g : { ...g, current };
    });
    return games ? { ...s, games } : s;
  });
}

const newer = (r: RoundView) => (c: RoundView | null) =>
  !c || c.roundNo === r.roundNo || roundAfter(r.roundNo, c.roundNo) ? r : c;

/** One lottery frame: the game's round opens, seals and draws as the venue's clock moves it. */
export function applyLotteryFrame(f: ChannelFrame): void {
  const gameCode = f.channel.slice('lottery:'.length);
  const drawn = (r: RoundView) => {
    putCurrent(gameCode, newer(r));
    seenCurrent.set(gameCode, `${r.roundNo}:${r.status}`);
    putLast(gameCode, r);
  };
  switch (f.type) {
    case 'lottery.snapshot':
      // Oldest first: the round drawing, then the one open.
      for (const r of [...f.rounds].reverse()) {
        if (hasOutcome(r)) drawn(r);
        else putCurrent(gameCode, newer(r));
      }
      return;
    case 'lottery.opened':
      putCurrent(gameCode, newer(f.round));
      return;
    case 'lottery.sealed':
      putCurrent(gameCode, (c) =>
        c?.roundNo === f.roundNo && c.status === 'open' ? { ...c, status: 'sealed' } : c,
      );
      return;
    case 'lottery.drawn':
      drawn(f.round);
      return;
    default:
      return;
  }
}
onChannelFrames('lottery', applyLotteryFrame);

let timer: ReturnType<typeof setInterval> | null = null;

/** Starts following the games (once): the list, then polls while not live; answers a stop. */
export function startGamesPolling(): () => void {
  if (!timer) {
    void refreshGames();
    timer = setInterval(() => {
      if (!lotteryWatched || socketDown()) void refreshGames();
    }, GAMES_POLL_MS);
  }
  return () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
}

/** The draw animation has shown the game's arrival. */
export function clearDrawn(gameCode: string): void {
  gamesStore.set((s) => {
    if (!(gameCode in s.drawn)) return s;
    const { [gameCode]: _shown, ...rest } = s.drawn;
    return { ...s, drawn: rest };
  });
}
