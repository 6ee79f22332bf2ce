import 'antd-mobile/es/global';
import './styles/theme.css';
import './styles/global.css';
import './app/shell/first-paint-styles';
import { unstableSetRender } from 'antd-mobile';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { startEarly, startSite } from './app/bootstrap';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import { nextTask } from './lib/next-task';
import { startPwa } from './lib/pwa';
import { captureReferralParams } from './site/referral-codes';

type Router = ReturnType<typeof createRouter>;

// antd-mobile renders its imperative components (Toast, Popup…) through this; React 19 has no
// ReactDOM.render any more, so give it createRoot.
unstableSetRender((node, container) => {
  const host = container as Element & { __nbRoot?: Root };
  host.__nbRoot ??= createRoot(host);
  host.__nbRoot.render(node);
  return async () => {
    await Promise.resolve();
    host.__nbRoot?.unmount();
    delete host.__nbRoot;
  };
});

startPwa();
const queryClient = createQueryClient();

/** Resolves once the router has loaded the chunks of the page it starts on. */
function routerReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

function mountApp(router: Router): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) return;
  const root = createRoot(rootElement);
  // A transition: React renders the page in slices and lets the browser breathe between them
  // (the first screen is already on view), instead of one long task a phone cannot answer in.
  // App keeps the router in step across the slices (app/router-resync.ts).
  const mount = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  // The platform drew the first screen into #root: it stays until the page that replaces it is
  // loaded, instead of giving way to the loading skeleton and coming back.
  if (rootElement.firstElementChild) void routerReady(router).then(mount);
  else mount();
}

// The arrival's referral codes are kept now, while the entry is evaluated (before the load
// event): a visitor who follows an invite link and moves on before the start-up tasks below have
// run must not lose the code. startSite keeps the codes of later URLs.
captureReferralParams(window.location.search);

/**
 * Start-up in tasks instead of one: evaluating the entry's modules, the early requests (a task
 * each), then the router (its routes ranked, its first chunks asked for) and the site's rules.
 * One task of all of them was the longest on the main thread after the first paint
 * (docs/benchmarks.md, "web"); the order between them is unchanged.
 */
void nextTask()
  // Before the router exists: creating it starts loading the route chunks.
  .then(() => startEarly(queryClient, window.location.pathname))
  .then(nextTask)
  .then(async () => {
    const router = createRouter();
    // The site's rules and the mount a task later: the mount waits for the router's first
    // chunks anyway (routerReady), so nothing is put off by it.
    await nextTask();
    startSite(router);
    mountApp(router);
  });
