import {
  createBrowserRouter,
  matchRoutes,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { routeModules as m } from './route-modules';
import { RouteErrorScreen } from './shell/render-error-screen';
import { BootSkeleton } from './shell/boot-skeleton';
import type { RouteHandle } from './shell/route-handle';
import { setRoutePrefetch } from './shell/route-prefetch';
import {
  ACTIVITY_CALENDAR_PATH,
  ACTIVITY_DISCOUNT_PATH,
  AUDIT_PATH,
  AUTHENTICATION_PATH,
  BALANCE_PATH,
  CHAT_PATH,
  CUSTOMER_BACKUP_PATH,
  CUSTOMER_MAIN_PATH,
  DEMO_PATH,
  DEMO_PLAY_PATH,
  DOWNLOAD_PAGE_PATH,
  DOWNLOAD_PATH,
  FEEDBACK_PATH,
  HELP_DOC_PATH,
  HELP_PATH,
  MAIL_PATH,
  SPONSOR_PATH,
  CURRENCY_PATH,
  CURRENCY_RECORD_PATH,
  DEPOSIT_LIMIT_PATH,
  DEPOSIT_PATH,
  INFO_AUDIT_PATH,
  INTRO_TUTORIAL_PATH,
  LOGIN_PATH,
  MAINTENANCE_PATH,
  MINE_PATH,
  PASSWORD_RESET_PATH,
  PLATFORM_TUTORIALS_PATH,
  PLAY_BREAK_PATH,
  REGISTER_GUIDE_PATH,
  REGISTER_PATH,
  SANDBOX_PAY_PATH,
  TRANSFER_PATH,
  BET_RECORD_PATH,
  VIP_PATH,
  VIP_DETAILS_PATH,
  REBATE_PATH,
  WELFARE_RECORD_PATH,
  GIFT_RECORD_PATH,
  MALL_COIN_RECORD_PATH,
  MALL_RECORD_PATH,
  LUCKY_FLIP_PATH,
  FRIEND_INVITATION_PATH,
  FRIEND_PEAK_BET_PATH,
  AGENT_PATH,
  GAME_SPORT_PATH,
  GAME_REALBET_PATH,
  GAME_GAMING_PATH,
  GAME_LOTTERY_PATH,
  GAME_CHESS_PATH,
  GAME_EGAME_PATH,
  GAME_FISHING_PATH,
  FRAME_SPORT_V188_PATH,
  FRAME_SPORT_IM_PATH,
  FRAME_SPORT_OB_PATH,
  FRAME_GAMING_IMDJ_PATH,
  FRAME_GAMING_YBDJ_PATH,
  FRAME_GAMING_LHDJ_PATH,
  FRAME_GAMING_HOUSE_PATH,
  SECURITY_PATH,
  STATEMENT_PATH,
  PLAY_LIMITS_PATH,
  STOP_SERVICE_PATH,
  TRANS_RECORD_PATH,
  USER_INFO_PATH,
  WALLET_PATH,
  WITHDRAWAL_PATH,
} from '../site/paths';

/** The ids the start table's routes are patched into (homeTable, below). */
const ROOT_ID = 'root';
const TABS_ID = 'tabs';

/** A route path below the root: the site path without its leading slash. */
const rel = (path: string): string => path.slice(1);

/**
 * The route table. Every route is lazy (its own chunk). Pages that do not exist yet are not
 * faked: their paths fall through to the 404 page inside the tab frame. Everything under
 * /mine sits behind the member guard (contract §8.3), the 404 of an unbuilt member page included, and
 * so do the protected pages of contract §8.1 (registerGuide).
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    lazy: m.rootLayout,
    HydrateFallback: BootSkeleton,
    ErrorBoundary: RouteErrorScreen,
    children: [
      {
        id: TABS_ID,
        lazy: m.tabLayout,
        children: [
          { index: true, lazy: m.home, handle: { topBar: true } satisfies RouteHandle },
          // The seven game pages (contract §8.1): each family's venues.
          ...[
            GAME_SPORT_PATH,
            GAME_REALBET_PATH,
            GAME_GAMING_PATH,
            GAME_LOTTERY_PATH,
            GAME_CHESS_PATH,
            GAME_EGAME_PATH,
            GAME_FISHING_PATH,
          ].map((path) => ({ path: rel(path), lazy: m.game })),
          { path: rel(CUSTOMER_MAIN_PATH), lazy: m.customerMain },
          { path: rel(CUSTOMER_BACKUP_PATH), lazy: m.customerBackup },
          { path: rel(SPONSOR_PATH), lazy: m.sponsor },
          // The 优惠 tab: visitors see the activities; acting asks them to log in.
          { path: rel(ACTIVITY_DISCOUNT_PATH), lazy: m.activityDiscount },
          {
            lazy: m.memberGuard,
            children: [
              { path: rel(MINE_PATH), lazy: m.mine },
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
          { path: rel(USER_INFO_PATH), lazy: m.userInfo },
          { path: rel(AUTHENTICATION_PATH), lazy: m.authentication },
          { path: rel(INFO_AUDIT_PATH), lazy: m.infoAudit },
          { path: rel(SECURITY_PATH), lazy: m.security },
          { path: rel(WALLET_PATH), lazy: m.wallet },
          { path: rel(BALANCE_PATH), lazy: m.balance },
          { path: rel(DEPOSIT_PATH), lazy: m.deposit },
          { path: rel(WITHDRAWAL_PATH), lazy: m.withdrawal },
          { path: rel(AUDIT_PATH), lazy: m.audit },
          { path: rel(CURRENCY_PATH), lazy: m.currency },
          { path: rel(DEPOSIT_LIMIT_PATH), lazy: m.depositLimit },
          { path: rel(PLAY_BREAK_PATH), lazy: m.playBreak },
          { path: rel(PLAY_LIMITS_PATH), lazy: m.playLimits },
          { path: rel(STATEMENT_PATH), lazy: m.statement },
          { path: rel(TRANS_RECORD_PATH), lazy: m.transRecord },
          { path: rel(TRANSFER_PATH), lazy: m.transfer },
          { path: rel(BET_RECORD_PATH), lazy: m.betRecord },
          { path: rel(VIP_PATH), lazy: m.vip },
          { path: rel(VIP_DETAILS_PATH), lazy: m.vipDetails },
          { path: rel(REBATE_PATH), lazy: m.rebate },
          { path: rel(WELFARE_RECORD_PATH), lazy: m.welfareRecord },
          { path: rel(GIFT_RECORD_PATH), lazy: m.giftRecord },
          { path: rel(LUCKY_FLIP_PATH), lazy: m.luckyFlip },
          { path: rel(FRIEND_INVITATION_PATH), lazy: m.friendInvitation },
          { path: rel(FRIEND_PEAK_BET_PATH), lazy: m.friendPeakBet },
          { path: rel(ACTIVITY_CALENDAR_PATH), lazy: m.activityCalendar },
          { path: rel(MALL_RECORD_PATH), lazy: m.mallRecord },
          { path: rel(MALL_COIN_RECORD_PATH), lazy: m.mallCoinRecord },
          // The venue frames: protected pages (contract §8.1), full screen under a back bar.
          ...[
            FRAME_SPORT_V188_PATH,
            FRAME_SPORT_IM_PATH,
            FRAME_SPORT_OB_PATH,
            FRAME_GAMING_IMDJ_PATH,
            FRAME_GAMING_YBDJ_PATH,
            FRAME_GAMING_LHDJ_PATH,
            FRAME_GAMING_HOUSE_PATH,
          ].map((path) => ({ path: rel(path), lazy: m.venueFrame })),
          { path: rel(CURRENCY_RECORD_PATH), lazy: m.currencyRecord },
          { path: rel(INTRO_TUTORIAL_PATH), lazy: m.introTutorial },
          { path: rel(PLATFORM_TUTORIALS_PATH), lazy: m.platformTutorials },
          { path: rel(MAIL_PATH), lazy: m.mail },
          { path: rel(FEEDBACK_PATH), lazy: m.feedback },
          // Payment accounts (contract §8.1): one add page and one list page, the type from the path.
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
          { path: rel(SANDBOX_PAY_PATH), lazy: m.sandboxPay },
          // contract §8.1: registerGuide is one of the protected pages.
          { path: rel(REGISTER_GUIDE_PATH), lazy: m.registerGuide },
        ],
      },
      // The chat is open to visitors (they read public rooms); speaking asks them to log in.
      { path: rel(CHAT_PATH), lazy: m.chat },
      { path: `${rel(CHAT_PATH)}/:roomId`, lazy: m.chat },
      // The help centre and the download page are open to visitors.
      { path: rel(HELP_PATH), lazy: m.helpIndex },
      { path: rel(HELP_DOC_PATH), lazy: m.helpDoc },
      { path: rel(DOWNLOAD_PATH), lazy: m.download },
      // 试玩 and its frame route are open to visitors (contract §6 Demo play).
      { path: rel(DEMO_PATH), lazy: m.demo },
      { path: rel(DEMO_PLAY_PATH), lazy: m.demoPlay },
      { path: rel(DOWNLOAD_PAGE_PATH), lazy: m.download },
      // The agent page is open to visitors (contract §8.1 lists it among the main pages).
      { path: rel(AGENT_PATH), lazy: m.agent },
      { path: rel(LOGIN_PATH), lazy: m.login },
      { path: rel(REGISTER_PATH), lazy: m.register },
      { path: rel(PASSWORD_RESET_PATH), lazy: m.passwordReset },
      { path: rel(STOP_SERVICE_PATH), lazy: m.stopService },
      { path: rel(MAINTENANCE_PATH), lazy: m.maintenance },
      { path: 'other/restrictionIp', lazy: m.restrictionIp },
    ],
  },
];

/**
 * The table the router starts with on `/`: the root, the tab frame and home (the route table's
 * first child at each level), and the rest of the table, to be patched in on the first
 * navigation to another page. Creating the router ranks every route of its table, compiling a
 * matcher per segment (react-router's flattenAndRankRoutes): with all ~90 that was a quarter of
 * the router's start-up task, one of the longest on the home page's main thread
 * (docs/benchmarks.md, "web"); the first page needs three.
 */
export function homeTable(table: RouteObject[]): {
  start: RouteObject[];
  rest: { routeId: string; children: RouteObject[] }[];
} {
  const [root] = table;
  const [tabs, ...rootRest] = root?.children ?? [];
  const [home, ...tabsRest] = tabs?.children ?? [];
  if (!root?.id || root.index || !tabs?.id || tabs.index || !home?.index)
    throw new Error('the route table does not start with home');
  return {
    start: [{ ...root, children: [{ ...tabs, children: [home] }] }],
    // The tab frame's pages first: patched in this order, each route keeps its place among its
    // siblings, so the full table ranks and matches exactly as `routes` does.
    rest: [
      { routeId: tabs.id, children: tabsRest },
      { routeId: root.id, children: rootRest },
    ],
  };
}

/**
 * The table the router starts with for a page, and how the rest of it comes in: on `/`, the
 * home table with the rest patched in on the first navigation elsewhere (called for a path the
 * table does not match, or matches with parameters; once the rest is in, the full table
 * answers and there is nothing more to add); on any other page, the whole table.
 */
export function routerTable(
  table: RouteObject[],
  pathname: string,
): { routes: RouteObject[]; patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction } {
  if (pathname !== '/') return { routes: table };
  const { start, rest } = homeTable(table);
  let patched = false;
  return {
    routes: start,
    patchRoutesOnNavigation: ({ patch }) => {
      if (patched) return;
      patched = true;
      for (const { routeId, children } of rest) patch(routeId, children);
    },
  };
}

export function createRouter() {
  setRoutePrefetch(prefetchRoute);
  const table = routerTable(routes, window.location.pathname);
  return createBrowserRouter(table.routes, {
    patchRoutesOnNavigation: table.patchRoutesOnNavigation,
  });
}

/** Warm the chunks a path needs (on touch/hover), so the tap itself navigates instantly. */
function prefetchRoute(path: string): void {
  for (const match of matchRoutes(routes, path) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}
