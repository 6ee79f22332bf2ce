import type { QueryClient } from '@tanstack/react-query';
import { showModal } from '../components/ui/modal.store';
import { showToast } from '../components/ui/toast';
import { prefetchHome } from '../features/home/api/prefetch-home';
import { api, signer } from '../client/api';
import { apiEvents } from '../lib/api-events';
import { getDeviceId } from '../lib/device';
import { setNavigator } from '../lib/navigation';
import { installAccessRedirects } from '../session/access-redirects';
import { installFocusReload } from '../session/focus-reload';
import { installSessionEndHandlers } from '../session/session-end';
import {
  clearSession,
  getToken,
  readStoredToken,
  restoreSessionUser,
  setLeavingForLogin,
  useSessionStore,
} from '../session/session.store';
import { settleUrlToken } from '../session/url-token';
import { getPreInfo, refreshPreInfo, usePreInfoStore } from '../site/pre-info.store';
import { setCurrencyName } from '../i18n/i18n';
import { loadFeatureCatalogues } from '../i18n/load-feature-catalogues';
import { nextTask } from '../lib/next-task';
import { whenIdle } from '../lib/when-idle';
import { bootData } from '../site/boot-data';
import { captureReferralParams } from '../site/referral-codes';
import { reportWebTerminal } from '../site/web-terminal';
import type { createRouter } from './router';

type Router = ReturnType<typeof createRouter>;

/** The session rules of contract §8.3: session-end codes, other tabs, the URL-handed token. */
function installSessionRules(router: Router): void {
  const navigate = (to: string, options?: { replace?: boolean }) => router.navigate(to, options);
  installSessionEndHandlers(apiEvents, {
    hasSession: () => getToken() !== null,
    clearSession,
    navigate,
    currentPath: () => router.state.location.pathname,
    alert: ({ title, message }) => showModal({ title, content: message, urgent: true }),
    noticeChanged: setLeavingForLogin,
    leaving: () => useSessionStore.getState().leavingForLogin,
    toast: showToast,
  });
  installFocusReload({
    readStoredToken,
    currentToken: getToken,
    reload: () => window.location.reload(),
  });
  void settleUrlToken({
    exchange: (token) => api.call('tokenExchange', { body: { token } }),
    // The router's replace is history.replaceState, and keeps the router's own location right.
    replaceUrl: (url) => void router.navigate(url, { replace: true, preventScrollReset: true }),
    href: () => window.location.href,
    notify: showToast,
  }).then(() =>
    // A stored session whose user name cannot be read cannot ask for member info: end it.
    restoreSessionUser(() => {
      void api.call('logout', { body: {} }).catch(() => undefined);
      clearSession();
    }),
  );
}

/**
 * The requests the first screen waits for, sent before the router asks for its route chunks:
 * on a slow link the browser works through requests roughly in order (six at a time per host),
 * so these go first. Pre-info (the cached copy renders already), the signing key that every
 * signed call waits for, and — when the visit lands on the home page — its content (unless the
 * platform served it with the page: then it is used at once and refreshed when the page mounts).
 */
export async function startEarly(queryClient: QueryClient, pathname: string): Promise<void> {
  // A task each: every request costs the page's thread a few milliseconds to send (signing, the
  // browser's own work), and together they were one task of ~130 ms at 4× CPU on the home page
  // (docs/benchmarks.md, "web"). The order is the same.
  void refreshPreInfo(api);
  await nextTask();
  signer.warmUp(getDeviceId());
  if (pathname !== '/') return;
  await nextTask();
  prefetchHome(queryClient, bootData()?.home ?? null);
}

/**
 * Start-up work outside React: hand the router to non-React code, wire the access and session
 * rules to the request events, keep the referral codes of every URL, and once the page is idle
 * report this terminal (it is for the security centre, not for the first screen) and fetch the
 * features' catalogues.
 */
export function startSite(router: Router): void {
  setNavigator((to, options) => void router.navigate(to, options));
  // The currency's name (a site setting) in every text, from the pre-info on hand and each refresh.
  setCurrencyName(getPreInfo()?.SiteBaseConfigVo.currencyName);
  usePreInfoStore.subscribe((state) =>
    setCurrencyName(state.preInfo?.SiteBaseConfigVo.currencyName),
  );
  installAccessRedirects(apiEvents, {
    getPreInfo,
    navigate: (to, options) => void router.navigate(to, options),
    currentUrl: () => router.state.location.pathname + router.state.location.search,
  });
  installSessionRules(router);
  // The arrival's codes were kept by the entry (main.tsx); later URLs' codes here, on a change
  // only: re-storing on every router update would restart their clock.
  let lastSearch = window.location.search;
  router.subscribe(({ location }) => {
    if (location.search === lastSearch) return;
    lastSearch = location.search;
    captureReferralParams(lastSearch);
  });
  whenIdle(() => void reportWebTerminal(api));
  // The other pages' texts, ready before the member taps a way there (each route waits for them).
  whenIdle(() => void loadFeatureCatalogues().catch(() => undefined));
}
