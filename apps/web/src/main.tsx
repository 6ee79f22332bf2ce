import 'antd-mobile/es/global';
import './styles/theme.css';
import './styles/global.css';
import './app/shell/first-paint-styles';
import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { startEarly, startSite } from './app/bootstrap';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';

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

const queryClient = createQueryClient();
// Before the router exists: creating it starts loading the route chunks.
startEarly(queryClient, window.location.pathname);
const router = createRouter();
startSite(router);

/** Resolves once the router has loaded the chunks of the page it starts on. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const rootElement = document.getElementById('root');
if (rootElement) {
  const root = createRoot(rootElement);
  // Not a transition: RouterProvider reads router.state when it renders and subscribes in a
  // layout effect. A time-sliced first render yields to the browser in between, and a route
  // chunk that finishes loading in that gap changes the router unseen: the page then stays on
  // its loading skeleton for good. A plain render and its commit run in one task.
  const mount = () =>
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  // The platform drew the first screen into #root: it stays until the page that replaces it is
  // loaded, instead of giving way to the loading skeleton and coming back.
  if (rootElement.firstElementChild) void routerReady().then(mount);
  else mount();
}
