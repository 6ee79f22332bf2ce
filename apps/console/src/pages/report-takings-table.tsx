import { Table } from 'antd';
import type { ResponseOf } from '../api/admin-routes';

type Report = ResponseOf<'adminReport'>;
export type VenueRow = Report['venues'][number];
export type FamilyRow = Report['families'][number];

const FAMILY_NAMES: Record<string, string> = {
  TY: '体育',
  ZR: '真人',
  DJ: '电竞',
  CP: '彩票',
  QP: '棋牌',
  DZ: '电子',
  BY: '捕鱼',
};
export const familyName = (f: string) => `${FAMILY_NAMES[f] ?? f}（${f}）`;

const money = [
  { title: '注单', dataIndex: 'bets' },
  { title: '投注额', dataIndex: 'stakes' },
  { title: '派彩', dataIndex: 'payouts' },
  { title: 'GGR', dataIndex: 'ggr' },
  { title: '分摊红利', dataIndex: 'bonuses' },
  { title: 'NGR', dataIndex: 'ngr' },
] as const;

/** A day's takings per family or per venue, with the bonuses allocated and NGR. */
export function TakingsTable(
  props:
    | { by: 'family'; rows: FamilyRow[] | undefined; loading: boolean }
    | { by: 'venue'; rows: VenueRow[] | undefined; loading: boolean },
) {
  const head = [
    { title: '日期', dataIndex: 'date' },
    { title: '类别', dataIndex: 'family', render: (f: string) => familyName(f) },
    ...(props.by === 'venue'
      ? [
          { title: '场馆代码', dataIndex: 'venueCode' },
          { title: '场馆', dataIndex: 'venueName' },
        ]
      : []),
  ];
  return (
    <Table<FamilyRow | VenueRow>
      rowKey={(r) => `${r.date}:${'venueCode' in r ? r.venueCode : r.family}`}
      size="small"
      loading={props.loading}
      dataSource={props.rows}
      pagination={false}
      scroll={{ x: 1000 }}
      columns={[...head, ...money]}
      locale={{ emptyText: '所选日期内暂无结算注单' }}
    />
  );
}
