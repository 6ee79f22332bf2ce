import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ModalHost } from '../../components/ui/modal-host';
import { setLeavingForLogin, useSessionStore } from '../../session/session.store';
import { isProtectedPath } from '../../session/protected-paths';
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

/** The frame around every route: site effects, the modal queue, scroll memory per path. */
export function RootLayout() {
  useSiteEffects();
  useLeavingForLoginRelease();
  return (
    <>
      <InsecureBanner />
      <Outlet />
      <ModalHost />
      {/* Keyed by path so each tab returns to where it was scrolled (design "Frame"). */}
      <ScrollRestoration getKey={(location) => location.pathname} />
    </>
  );
}
