/** Chinese names of the rewards' enumerations, for tables and selects. */
export const ACTIVITY_KIND_LABELS: Record<string, string> = {
  firstDeposit: '首存优惠',
  redeposit: '续存优惠',
  checkin: '签到',
  luckyFlip: '幸运翻牌',
  friendInvite: '邀请好友',
  friendPeakBet: '好友投注',
};

export const ACTIVITY_STATUS_LABELS: Record<string, string> = {
  draft: '草稿',
  active: '已上线',
  ended: '已结束',
};

export const ACTIVITY_PHASE_LABELS: Record<string, string> = {
  upcoming: '未开始',
  running: '进行中',
  ended: '已结束',
};

export const GRANT_KIND_LABELS: Record<string, string> = {
  activity: '活动优惠',
  vipUpgrade: 'VIP 晋级礼金',
  vipMonthly: 'VIP 月礼金',
  vipBirthday: 'VIP 生日礼金',
  rebate: '返水',
  checkin: '签到奖励',
  flip: '翻牌奖励',
  invite: '邀请奖励',
  peakBet: '好友投注奖励',
  mall: '商城兑换',
  commission: '代理佣金',
  manual: '人工发放',
};

export const GRANT_STATUS_LABELS: Record<string, string> = {
  available: '待领取',
  paid: '已发放',
  expired: '已过期',
  revoked: '已撤销',
};

export const AGENT_APPLICATION_STATUS_LABELS: Record<string, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已拒绝',
};

export const STATEMENT_STATUS_LABELS: Record<string, string> = {
  pending: '待发放',
  paid: '已发放',
  nil: '无佣金',
};

export const MALL_ITEM_KIND_LABELS: Record<string, string> = {
  coins: '金币',
  bonus: '彩金',
  physical: '实物',
};

export const REDEMPTION_STATUS_LABELS: Record<string, string> = {
  done: '已完成',
  pending: '待发货',
  shipped: '已发货',
  delivered: '已签收',
  cancelled: '已取消',
};

/** The label of a value, or the value itself when the map has none. */
export function labelOf(map: Record<string, string>, value: string): string {
  return map[value] ?? value;
}

/** Select options of a label map, in its order. */
export function optionsOf(map: Record<string, string>): { value: string; label: string }[] {
  return Object.entries(map).map(([value, label]) => ({ value, label }));
}
