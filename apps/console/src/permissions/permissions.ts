import { OPERATOR_SELF } from '@nebula/protocol/api/admin/permissions';
import { adminRoute, type AdminRouteName } from '../api/admin-routes';

/** Who is signed in, as far as access goes. */
export interface Operator {
  /** The permissions of the operator's role (a superuser role answers all of them). */
  permissions: readonly string[];
}

/**
 * Whether the operator may call a route, read from the same route table the server's guard
 * reads: the route's permission among the operator's; `self` routes (log out, who am I,
 * step-up, the approvals list) every signed-in operator may call.
 */
export function canCall(op: Operator | null, name: AdminRouteName): boolean {
  if (!op) return false;
  const permission = adminRoute(name).permission;
  if (permission === undefined || permission === OPERATOR_SELF) return true;
  return op.permissions.includes(permission);
}

export interface MenuItem {
  key: string;
  label: string;
  /** Path under the console's base. */
  path: string;
  /** The call the page is built on: the item shows only when the operator may make it. */
  route: AdminRouteName;
  /** Further calls, any of which also opens the page (a page of tabs, each its own permission). */
  orRoutes?: readonly AdminRouteName[];
}

/** The console's menu, in order. A page appears only for an operator who may call its route. */
export const MENU: readonly MenuItem[] = [
  { key: 'dashboard', label: '今日概览', path: '/', route: 'adminMe' },
  { key: 'members', label: '会员', path: '/members', route: 'adminMembers' },
  { key: 'realName', label: '实名审核', path: '/real-name', route: 'adminRealNamePending' },
  { key: 'deposits', label: '存款确认', path: '/deposits', route: 'adminDeposits' },
  { key: 'withdrawals', label: '取款审核', path: '/withdrawals', route: 'adminWithdrawals' },
  { key: 'transfers', label: '场馆转账', path: '/transfers', route: 'adminTransfers' },
  { key: 'reconcile', label: '账本对账', path: '/reconcile', route: 'adminReconcile' },
  { key: 'chat', label: '聊天室管理', path: '/chat', route: 'adminChatRooms' },
  { key: 'settings', label: '站点设置', path: '/settings', route: 'adminSettings' },
  { key: 'content', label: '内容管理', path: '/content', route: 'adminHelpList' },
  { key: 'venues', label: '场馆', path: '/venues', route: 'adminVenues' },
  {
    key: 'houseVenue',
    label: '自营场馆',
    path: '/house-venue',
    route: 'houseVenueResult',
    orRoutes: ['houseVenueSettings', 'houseVenueGameList'],
  },
  { key: 'reports', label: '报表', path: '/reports', route: 'adminReport' },
  { key: 'activities', label: '活动', path: '/activities', route: 'adminActivities' },
  { key: 'grants', label: '福利发放', path: '/grants', route: 'adminGrantReport' },
  { key: 'vipLevels', label: 'VIP 等级', path: '/vip-levels', route: 'adminVipLevels' },
  { key: 'rebateRates', label: '返水比例', path: '/rebate-rates', route: 'adminRebateRates' },
  { key: 'agents', label: '代理', path: '/agents', route: 'adminAgentApplications' },
  { key: 'mall', label: '积分商城', path: '/mall', route: 'adminMallItems' },
  { key: 'approvals', label: '待复核', path: '/approvals', route: 'adminApprovals' },
  { key: 'operators', label: '运营人员与角色', path: '/operators', route: 'adminOperators' },
  { key: 'audit', label: '操作审计', path: '/audit', route: 'adminAudit' },
  { key: 'auditVerify', label: '审计链校验', path: '/audit/verify', route: 'adminAuditVerify' },
  { key: 'security', label: '安全设置', path: '/security', route: 'adminPasskeys' },
  {
    key: 'selfExclusion',
    label: '自我排除登记',
    path: '/self-exclusion',
    route: 'adminSelfExclusionList',
  },
];

/** Whether the operator may open a menu item's page: its route, or any of its `orRoutes`. */
function mayOpen(op: Operator | null, item: MenuItem): boolean {
  return canCall(op, item.route) || (item.orRoutes ?? []).some((r) => canCall(op, r));
}

export function visibleMenu(op: Operator | null, items: readonly MenuItem[] = MENU): MenuItem[] {
  return items.filter((item) => mayOpen(op, item));
}

/**
 * Whether the operator may open the page at `pathname` (under the console's base): a path of
 * a menu item, or below one (a member's page under 会员), is the item's page — the longest such
 * path decides. A page the menu hides is refused when reached by its address too.
 */
export function pageAllowed(
  op: Operator | null,
  pathname: string,
  items: readonly MenuItem[] = MENU,
): boolean {
  const page = items
    .filter((i) => i.path !== '/' && (pathname === i.path || pathname.startsWith(`${i.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return !page || mayOpen(op, page);
}
