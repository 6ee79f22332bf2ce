/**
 * Operator permissions (docs/contract.md §4.1): every `auth: 'admin'` route in the
 * route table names one, the server's guard checks it, and the console draws its menus and
 * buttons from the same list. Roles are data (editable sets of these), not code. Plain data:
 * no zod, so the console's first chunk can import it.
 */
export const ADMIN_PERMISSIONS = [
  'member.read',
  'member.block',
  'member.sessions',
  'realname.review',
  'wallet.adjust',
  'wallet.adjust.approve',
  'deposit.review',
  'withdraw.review',
  'withdraw.approve.large',
  'turnover.waive',
  'transfer.manage',
  'settings.write',
  'content.write',
  'chat.moderate',
  'venue.manage',
  'venue.results',
  'venue.results.approve',
  'venue.games',
  'rg.manage',
  'promo.manage',
  'promo.approve',
  'agent.manage',
  'agent.commission.approve',
  'report.read',
  'report.export',
  'audit.read',
  'operator.manage',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/**
 * A route every signed-in operator may call for their own account (log out, enrol a second
 * factor, read who they are, step up). It is not a grantable permission.
 */
export const OPERATOR_SELF = 'self' as const;
export type AdminRoutePermission = AdminPermission | typeof OPERATOR_SELF;

/** The console's Chinese label of each permission (menus, the role editor). */
export const ADMIN_PERMISSION_LABELS: Readonly<Record<AdminPermission, string>> = {
  'member.read': '查看会员',
  'member.block': '冻结会员与设备',
  'member.sessions': '结束会员会话',
  'realname.review': '实名审核',
  'wallet.adjust': '人工调整余额',
  'wallet.adjust.approve': '复核余额调整与流水免除',
  'deposit.review': '存款审核',
  'withdraw.review': '取款审核',
  'withdraw.approve.large': '复核大额取款',
  'turnover.waive': '免除流水要求',
  'transfer.manage': '场馆转账与欠款处理',
  'settings.write': '站点设置',
  'content.write': '内容管理（帮助、站内信、赞助、反馈）',
  'chat.moderate': '聊天室管理',
  'venue.manage': '场馆管理',
  'venue.results': '自营场馆赛果与作废',
  'venue.results.approve': '复核自营场馆作废与重新结算',
  'venue.games': '自营场馆游戏',
  'rg.manage': '责任博彩（限额、自我排除）',
  'promo.manage': '优惠与返水管理',
  'promo.approve': '复核优惠提额',
  'agent.manage': '代理管理',
  'agent.commission.approve': '复核代理佣金',
  'report.read': '查看报表',
  'report.export': '导出报表',
  'audit.read': '查看审计日志',
  'operator.manage': '运营人员与角色管理',
};

/** Action classes that need a fresh second factor (step-up) within five minutes. */
export const STEP_UP_CLASSES = ['money', 'settings', 'operators'] as const;
export type StepUpClass = (typeof STEP_UP_CLASSES)[number];

/**
 * Classes of four-eyes actions; each has an operator-set threshold (site setting: fen for
 * money and promo, whole points for points — points buy mall items but have no yuan rate).
 */
export const FOUR_EYES_CLASSES = ['money', 'promo', 'points'] as const;
export type FourEyesClass = (typeof FOUR_EYES_CLASSES)[number];

export function isAdminPermission(value: string): value is AdminPermission {
  return (ADMIN_PERMISSIONS as readonly string[]).includes(value);
}
