import { Tag } from 'antd';

const LABELS: Record<string, [string, string]> = {
  pending: ['待处理', 'gold'],
  review: ['待审核', 'orange'],
  credited: ['已入账', 'green'],
  paid: ['已出款', 'green'],
  rejected: ['已拒绝', 'red'],
  expired: ['已过期', 'default'],
  cancelled: ['已取消', 'default'],
};

export const ORDER_STATUS_OPTIONS = Object.entries(LABELS).map(([value, [label]]) => ({
  value,
  label,
}));

export function OrderStatusTag({ status }: { status: string }) {
  const [label, color] = LABELS[status] ?? [status, 'default'];
  return <Tag color={color}>{label}</Tag>;
}
