import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ModalHost } from '../../components/ui/modal-host';
import { setLeavingForLogin, useSessionStore } from '../../session/session.store';
import { isProtectedPath } from '../../session/protected-paths';
import { loadFeatureCatalogues } from '../../i18n/load-feature-catalogues';
import { InsecureBanner } from './insecure-banner';
import { useSiteEffects } from './use-site-effects';
import './shell.css';

/**
 * An ended session on its way to login keeps the member guard from sending its page home
 * (contract §8.3: 6001 / 10102 lead to login). Released here, after React has left the member area:
 * the router's own promise resolves before that render, too early to release it.
 */
function useLeavingForLoginRelease(): void {
  const { pathname } = useLocation();
  const leaving = useSessionStore((state) => state.leavingForLogin);
  useEffect(() => {
    if (leaving && !isProtectedPath(pathname)) setLeavingForLogin(false);
  }, [leaving, pathname]);
}

/**
 * Reality checks (contract §5) over every page of a logged-in member, venue frames included;
 * loaded only once a member is logged in, with the features' texts.
 */
const RealityCheckHost = lazy(() =>
  Promise.all([
    import('../../features/responsible-gaming/components/reality-check-host'),
    loadFeatureCatalogues(),
  ])
    .then(([m]) => ({ default: m.RealityCheckHost }))
    // A chunk that cannot load (offline) leaves the page usable; the next visit tries again.
    .catch(() => ({ default: () => null })),
);

/** The frame around every route: site effects, the modal queue, scroll memory per path. */
export function RootLayout() {
  useSiteEffects();
  useLeavingForLoginRelease();
  const member = useSessionStore((state) => state.token !== null);
  return (
    <>
      <InsecureBanner />
      <Outlet />
      <ModalHost />
      {member && (
        <Suspense fallback={null}>
          <RealityCheckHost />
        </Suspense>
      )}
      {/* Keyed by path so each tab returns to where it was scrolled (design "Frame"). */}
      <ScrollRestoration getKey={(location) => location.pathname} />
    </>
  );
}
