import { Navigate, Outlet } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-states';
import { useSessionStore } from '../../session/session.store';
import { HOME_PATH } from '../../site/paths';

/**
 * Protected routes (contract §8.3, §6): /mine/** needs a session; a visitor without one is sent
 * home. While a URL-handed token is being exchanged, or while an ended session is on its way
 * to login (a 6001 / 10102 notice, a password change), the page waits instead.
 */
export function MemberGuard() {
  const token = useSessionStore((state) => state.token);
  const exchanging = useSessionStore((state) => state.exchanging);
  const leaving = useSessionStore((state) => state.leavingForLogin);
  if (exchanging || (token === null && leaving)) return <PageSkeleton lines={6} />;
  if (token === null) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}
