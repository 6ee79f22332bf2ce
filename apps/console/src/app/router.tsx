import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { useConsole } from '../session/console-context';
import { ConsoleLayout } from './console-layout';

/** Each page is its own chunk; login and the dashboard make the first route (scripts/console-budget.mjs). */
export const PAGE_LOADERS = {
  login: () => import('../pages/login-page'),
  dashboard: () => import('../pages/dashboard-page'),
  members: () => import('../pages/members-page'),
  member: () => import('../pages/member-detail-page'),
  realName: () => import('../pages/real-name-page'),
  deposits: () => import('../pages/deposits-page'),
  withdrawals: () => import('../pages/withdrawals-page'),
  transfers: () => import('../pages/transfers-page'),
  reconcile: () => import('../pages/reconcile-page'),
  chat: () => import('../pages/chat-page'),
  settings: () => import('../pages/settings-page'),
  content: () => import('../pages/content-page'),
  venues: () => import('../pages/venues-page'),
  audit: () => import('../pages/audit-page'),
  auditVerify: () => import('../pages/audit-verify-page'),
  approvals: () => import('../pages/approvals-page'),
  operators: () => import('../pages/operators-page'),
  reports: () => import('../pages/reports-page'),
  houseVenue: () => import('../pages/house-venue-page'),
  activities: () => import('../pages/activities-page'),
  grants: () => import('../pages/grants-page'),
  vipLevels: () => import('../pages/vip-levels-page'),
  rebateRates: () => import('../pages/rebate-rates-page'),
  agents: () => import('../pages/agents-page'),
  mall: () => import('../pages/mall-page'),
  security: () => import('../pages/security-page'),
  selfExclusion: () => import('../pages/self-exclusion-page'),
} as const;

/** The page modules of the first route, as scripts/console-budget.mjs reads them. */
export const FIRST_ROUTE = ['login', 'dashboard'] as const;

const isFirstRoute = (key: string) => (FIRST_ROUTE as readonly string[]).includes(key);

/** A page's chunk; past the first route, with antd's App around it (../components/page-frame.tsx). */
function lazyPage(key: keyof typeof PAGE_LOADERS): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [mod, frame] = await Promise.all([
        PAGE_LOADERS[key]() as Promise<{ Page: React.ComponentType }>,
        isFirstRoute(key) ? null : import('../components/page-frame'),
      ]);
      return { Component: frame ? frame.withAntApp(mod.Page) : mod.Page };
    },
  };
}

function RequireSession() {
  const { session } = useConsole();
  if (!session) return <Navigate to="/login" replace />;
  if (session.enrolOnly) return <Navigate to="/login" replace />;
  return <ConsoleLayout />;
}

export const consoleRoutes: RouteObject[] = [
  { path: '/login', ...lazyPage('login') },
  {
    path: '/',
    element: <RequireSession />,
    children: [
      { index: true, ...lazyPage('dashboard') },
      { path: 'members', ...lazyPage('members') },
      { path: 'members/:memberId', ...lazyPage('member') },
      { path: 'real-name', ...lazyPage('realName') },
      { path: 'deposits', ...lazyPage('deposits') },
      { path: 'withdrawals', ...lazyPage('withdrawals') },
      { path: 'transfers', ...lazyPage('transfers') },
      { path: 'reconcile', ...lazyPage('reconcile') },
      { path: 'chat', ...lazyPage('chat') },
      { path: 'settings', ...lazyPage('settings') },
      { path: 'content', ...lazyPage('content') },
      { path: 'venues', ...lazyPage('venues') },
      { path: 'audit', ...lazyPage('audit') },
      { path: 'audit/verify', ...lazyPage('auditVerify') },
      { path: 'approvals', ...lazyPage('approvals') },
      { path: 'operators', ...lazyPage('operators') },
      { path: 'reports', ...lazyPage('reports') },
      { path: 'house-venue', ...lazyPage('houseVenue') },
      { path: 'activities', ...lazyPage('activities') },
      { path: 'grants', ...lazyPage('grants') },
      { path: 'vip-levels', ...lazyPage('vipLevels') },
      { path: 'rebate-rates', ...lazyPage('rebateRates') },
      { path: 'agents', ...lazyPage('agents') },
      { path: 'mall', ...lazyPage('mall') },
      { path: 'security', ...lazyPage('security') },
      { path: 'self-exclusion', ...lazyPage('selfExclusion') },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
  { path: '*', element: <Outlet /> },
];

export function createConsoleRouter() {
  return createBrowserRouter(consoleRoutes, { basename: routerBasename(import.meta.env.BASE_URL) });
}

/** The build's base (`/console/` unless CONSOLE_BASE said otherwise) as the router's basename. */
export function routerBasename(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
