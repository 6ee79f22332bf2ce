import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-states';
import { useSessionStore } from '../../session/session.store';
import { loginPathFor } from '../../site/paths';

/**
 * Protected routes (contract §8.3, §6): /mine/** needs a session. A visitor without one is taken to
 * login, coming back here afterwards (a member-only link never bounces home silently).
 * While a URL-handed token is being exchanged, or while an ended session is on its way out
 * (a 6001 / 10102 notice, a password change, or a session ending on a member page, which goes
 * home by contract §8.3), the page waits instead.
 */
export function MemberGuard() {
  const token = useSessionStore((state) => state.token);
  const exchanging = useSessionStore((state) => state.exchanging);
  const leaving = useSessionStore((state) => state.leavingForLogin);
  const { pathname, search } = useLocation();
  if (exchanging || (token === null && leaving)) return <PageSkeleton lines={6} />;
  if (token === null) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
  return <Outlet />;
}
