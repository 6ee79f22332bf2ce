import { Tabs } from 'antd';
import { PageHeader } from '../components/page-header';
import { useCan } from '../components/use-admin-query';
import { MallItemsPanel } from './mall-items-panel';
import { MallRedemptionsPanel } from './mall-redemptions-panel';
import { PointsRatesPanel } from './points-rates-panel';

/** 积分商城: items, redemptions and how points are earned (docs/contract.md, Points mall). */
export function Page() {
  const items = [
    useCan('adminMallItems') && { key: 'items', label: '商品', children: <MallItemsPanel /> },
    useCan('adminMallRedemptions') && {
      key: 'redemptions',
      label: '兑换单',
      children: <MallRedemptionsPanel />,
    },
    useCan('adminPointsRates') && { key: 'points', label: '积分', children: <PointsRatesPanel /> },
  ].filter((i) => i !== false);
  return (
    <>
      <PageHeader title="积分商城" />
      <Tabs items={items} destroyOnHidden />
    </>
  );
}
