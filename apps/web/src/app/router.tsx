import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routeModules as m } from './route-modules';
import { RouteErrorScreen } from './shell/render-error-screen';
import { BootSkeleton } from './shell/boot-skeleton';

/** Route handle: which frame parts a page wants. */
export interface RouteHandle {
  topBar?: boolean;
}

/**
 * The route table. Every route is lazy (its own chunk). Pages that do not exist yet are not
 * faked (e.g. /mine/finance/transfer, which arrives with the venues): their paths fall through
 * to the 404 page inside the tab frame. Everything under
 * /mine sits behind the member guard (SPEC §4), the 404 of an unbuilt member page included, and
 * so do the protected pages of SPEC §2 (registerGuide).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    lazy: m.rootLayout,
    HydrateFallback: BootSkeleton,
    ErrorBoundary: RouteErrorScreen,
    children: [
      {
        lazy: m.tabLayout,
        children: [
          { index: true, lazy: m.home, handle: { topBar: true } satisfies RouteHandle },
          {
            lazy: m.memberGuard,
            children: [
              { path: 'mine', lazy: m.mine },
              { path: 'mine/*', lazy: m.notFound },
            ],
          },
          { path: '404', lazy: m.notFound },
          { path: '*', lazy: m.notFound },
        ],
      },
      {
        lazy: m.memberGuard,
        children: [
          { path: 'mine/userInfo', lazy: m.userInfo },
          { path: 'mine/userInfo/authentication', lazy: m.authentication },
          { path: 'mine/infoAudit', lazy: m.infoAudit },
          { path: 'mine/security', lazy: m.security },
          { path: 'mine/finance/wallet', lazy: m.wallet },
          { path: 'mine/balance', lazy: m.balance },
          { path: 'mine/finance/deposit', lazy: m.deposit },
          { path: 'mine/finance/withdrawal', lazy: m.withdrawal },
          { path: 'mine/audit', lazy: m.audit },
          { path: 'mine/currency', lazy: m.currency },
          { path: 'mine/depositLimit', lazy: m.depositLimit },
          { path: 'mine/record/transRecord', lazy: m.transRecord },
          { path: 'mine/record/currencyRecord', lazy: m.currencyRecord },
          { path: 'mine/finance/introTutorial', lazy: m.introTutorial },
          { path: 'mine/finance/introTutorial/platformTutorials', lazy: m.platformTutorials },
          // Payment accounts (SPEC §2): one add page and one list page, the type from the path.
          { path: 'mine/addBankCard', lazy: m.payoutList },
          { path: 'mine/userInfo/authentication/bindBankCard', lazy: m.payoutAdd },
          { path: 'mine/virtualCoinCard', lazy: m.payoutList },
          { path: 'mine/addEBpayCard', lazy: m.payoutAdd },
          { path: 'mine/ebpayAcount', lazy: m.payoutList },
          { path: 'mine/addKOIpayCard', lazy: m.payoutAdd },
          { path: 'mine/koipayAcount', lazy: m.payoutList },
          { path: 'mine/addAlipayCard', lazy: m.payoutAdd },
          { path: 'mine/alipayAcount', lazy: m.payoutList },
          { path: 'mine/sharelifeAcount', lazy: m.payoutList },
          { path: 'mine/addwechatCard', lazy: m.payoutAdd },
          { path: 'mine/wechatAcount', lazy: m.payoutList },
          { path: 'mine/addDigitalCard', lazy: m.payoutAdd },
          { path: 'mine/digitalAcount', lazy: m.payoutList },
          // The sandbox gateway's hosted cashier: the order's member only.
          { path: 'pay/sandbox/:orderId', lazy: m.sandboxPay },
          // SPEC §2: registerGuide is one of the protected pages.
          { path: 'registerGuide', lazy: m.registerGuide },
        ],
      },
      // The chat is open to visitors (they read public rooms); speaking asks them to log in.
      { path: 'chat', lazy: m.chat },
      { path: 'chat/:roomId', lazy: m.chat },
      { path: 'user/login', lazy: m.login },
      { path: 'user/register', lazy: m.register },
      { path: 'user/password', lazy: m.passwordReset },
      { path: 'other/stopService', lazy: m.stopService },
      { path: 'other/maintenance', lazy: m.maintenance },
      { path: 'other/restrictionIp', lazy: m.restrictionIp },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/** Warm the chunks a path needs (on touch/hover), so the tap itself navigates instantly. */
export function prefetchRoute(path: string): void {
  for (const match of matchRoutes(routes, path) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}
