import { flushSync } from 'react-dom';
import { parseSelectionId } from '@nebula/protocol/venue/markets';
import { ApiError, exchangeToken } from '../lib/api';
import { attachLive } from '../lib/follow';
import { bridge } from '../lib/frame-bridge';
import { LiveClient } from '../lib/live-client';
import { currentSession, expireSession, onSessionExpired, startSession } from '../lib/session';
import { createStore } from '../lib/store';
import { venueApi } from '../lib/venue-api';
import { loadMeta, refreshBalance, trackOpenBets } from '../store/account-store';
import { eventsStore } from '../store/events-store';
import { addFollowed, openSlip, setNotice, setPolicy, SLIP_MAX } from '../store/slip-store';

/** A failure before the session exists that a retry may cure (the network, not the token). */
export const bootError = createStore<string | null>(null);
export let live: LiveClient | null = null;

/** The launch URL's parameters, read once; the address bar is cleaned at once. */
export function readLaunch(loc: Location = location): {
  token: string | null;
  selections: string[];
} {
  const params = new URLSearchParams(loc.search);
  const token = params.get('token');
  const selections = (params.get('selections') ?? '').split(',').filter(Boolean).slice(0, SLIP_MAX);
  if (loc.search) history.replaceState(null, '', loc.pathname);
  return { token, selections };
}

/**
 * 跟投: a launch with selections fills the slip at the prices on offer now, fetched from the
 * venue (never the prices of the shared bet); what is no longer offered is left out and said.
 */
export async function prefillSlip(ids: readonly string[]): Promise<void> {
  const keys = ids.map((id) => ({ id, key: parseSelectionId(id) })).filter((k) => k.key !== null);
  let missing = ids.length - keys.length;
  const matches = [...new Set(keys.map((k) => k.key!.matchId))];
  await Promise.all(
    matches.map((m) =>
      venueApi.event(m).then(
        (view) => eventsStore.put(view, true),
        () => {},
      ),
    ),
  );
  let added = 0;
  for (const { id, key } of keys) {
    const ev = eventsStore.get(key!.matchId);
    const market = ev?.markets.find((m) => m.selections.some((s) => s.selectionId === id));
    const sel = market?.selections.find((s) => s.selectionId === id);
    if (!ev || !market || !sel || sel.oddsMilli === null) {
      missing += 1;
      continue;
    }
    addFollowed({
      selectionId: id,
      eventId: ev.eventId,
      sport: ev.sport,
      home: ev.home,
      away: ev.away,
      league: ev.league,
      period: market.period,
      kind: market.kind,
      line100: market.line100,
      outcome: sel.outcome,
      acceptedMilli: sel.oddsMilli,
    });
    added += 1;
  }
  if (added > 0 || missing > 0) openSlip(true);
  if (missing > 0) {
    setNotice({ tone: 'info', text: `${missing} 个跟投选项已停止投注，未加入投注单` });
  }
}

let started: string | null = null;
/** How long a page without its token waits for the site's relaunch before saying so. */
const RELAUNCH_WAIT_MS = 5000;

/** Asks the site for a fresh launch; says 请返回重新进入 if it cannot ask or nobody answers. */
function askSiteToRelaunch(): void {
  if (bridge.requestRelaunch()) setTimeout(expireSession, RELAUNCH_WAIT_MS);
  else expireSession();
}

/** Trades the URL token for the session (once), then starts everything that needs it. */
export async function boot(token: string | null, selections: readonly string[]): Promise<void> {
  if (token !== null && started === token) return;
  started = token;
  if (!token) {
    // Loaded again without its token (a reload): the site relaunches it quietly; the page says
    // 请返回重新进入 only if nobody answers.
    askSiteToRelaunch();
    return;
  }
  bootError.set(null);
  let session;
  try {
    session = await exchangeToken(token);
  } catch (err) {
    if (err instanceof ApiError && err.code !== 0) {
      // A spent or expired token: the site is asked for a fresh launch, as after a reload.
      askSiteToRelaunch();
    } else {
      // The token may still be good: a retry may trade it.
      started = null;
      bootError.set(err instanceof ApiError ? err.message : String(err));
    }
    return;
  }
  bridge.start(session.merchantOrigins, (m) => {
    if (m.type === 'transferDone') void refreshBalance();
  });
  onSessionExpired(() => {
    bridge.requestRelaunch();
    live?.stop();
  });
  live = new LiveClient({
    token: () => currentSession()?.token ?? null,
    held: (id, scope) => eventsStore.held(id, scope),
    onEvent: (frame, scope) => eventsStore.apply(frame, scope),
    onSessionEnded: expireSession,
    drawNow: flushSync,
  });
  startSession(session);
  // What the player chose last time at this venue, kept by the venue across sessions.
  setPolicy(session.oddsChangePolicy);
  bridge.post({ type: 'ready' });
  void refreshBalance();
  void loadMeta();
  live.start();
  attachLive(live);
  venueApi.bets(false, 100).then(
    (r) => trackOpenBets(r.bets.map((b) => b.betId)),
    () => {},
  );
  if (selections.length > 0) await prefillSlip(selections);
}
