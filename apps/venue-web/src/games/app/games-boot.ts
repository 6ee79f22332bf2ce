import { ApiError, exchangeToken } from '../../lib/api';
import { bridge } from '../../lib/frame-bridge';
import { expireSession, onSessionExpired, startSession } from '../../lib/session';
import { createStore } from '../../lib/store';
import { startGamesPolling } from '../lib/games-store';
import { gamesLive } from '../lib/games-live';
import { go, parseRoute } from '../lib/route';

/**
 * The games page's start (docs/architecture.md, "The house games page"): the launch URL's
 * token is traded once for the session as on the sportsbook page (same exchange, same frame
 * bridge, same expiry), then the games list is polled. A launch naming a game opens it.
 */
export const bootError = createStore<string | null>(null);
/** The game the member last opened (the nav's 开奖 / 验证 / 规则 show it). */
export const currentGame = createStore<string | null>(null);

/** The launch URL's parameters, read once; the address bar keeps only the screen's hash. */
export function readGamesLaunch(loc: Location = location): {
  token: string | null;
  game: string | null;
} {
  const params = new URLSearchParams(loc.search);
  const token = params.get('token');
  const game = params.get('game');
  if (loc.search) history.replaceState(null, '', `${loc.pathname}${loc.hash}`);
  return { token, game: game && /^[A-Z][A-Z0-9]{1,15}$/.test(game) ? game : null };
}

/** How long a page without its token waits for the site's relaunch before saying so. */
const RELAUNCH_WAIT_MS = 5000;
function askSiteToRelaunch(): void {
  if (bridge.requestRelaunch()) setTimeout(expireSession, RELAUNCH_WAIT_MS);
  else expireSession();
}

let started: string | null = null;

export async function bootGames(token: string | null, game: string | null): Promise<void> {
  if (token !== null && started === token) return;
  started = token;
  if (!token) {
    askSiteToRelaunch();
    return;
  }
  bootError.set(null);
  let session;
  try {
    session = await exchangeToken(token);
  } catch (err) {
    if (err instanceof ApiError && err.code !== 0) askSiteToRelaunch();
    else {
      started = null;
      bootError.set(err instanceof ApiError ? err.message : String(err));
    }
    return;
  }
  // The site tells the page when a transfer is done; the next slip's answer carries the balance.
  bridge.start(session.merchantOrigins, () => {});
  onSessionExpired(() => {
    bridge.requestRelaunch();
    stop();
    gamesLive.stop();
  });
  startSession(session);
  // The tables' and lottery games' channels (docs/contract.md §10.11): polling is the fallback.
  gamesLive.start();
  bridge.post({ type: 'ready' });
  const stop = startGamesPolling();
  const first = game ?? session.gameCode ?? null;
  if (first) {
    currentGame.set(first);
    // A 真人 (ZR) launch names a live table (docs/contract.md §10.12); the others a lottery game.
    const page = session.family === 'ZR' ? 'table' : 'play';
    if (parseRoute(location.hash).page === 'lobby') go({ page, game: first });
  }
}
