import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';

/** antd's pull-to-refresh (with its gesture and animation libraries), loaded on its own. */
export function HomePullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  return <PullToRefresh onRefresh={onRefresh}>{children}</PullToRefresh>;
}
