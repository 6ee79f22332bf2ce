import { Alert, DatePicker, Form, Select, Space, Table, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { VENUE_FAMILIES } from '@nebula/protocol/api/reports/reports.schemas';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { familyName, TakingsTable } from './report-takings-table';

type Row = ResponseOf<'adminReport'>['days'][number];
type Query = NonNullable<RequestOf<'adminReport'>['query']>;
type Family = (typeof VENUE_FAMILIES)[number];
const DAY = 'YYYY-MM-DD';
const TOTALS = [
  'deposits',
  'depositCount',
  'withdrawals',
  'withdrawCount',
  'bets',
  'stakes',
  'payouts',
  'ggr',
  'bonuses',
  'ngr',
  'newMembers',
  'activeMembers',
] as const;

/**
 * Shanghai days: deposits, withdrawals, stakes, payouts, GGR and NGR, members — by day, by
 * family and by venue (bonuses allocated as the protocol's `VenueTakings` says), filtered to a
 * family or a venue; each view exports as CSV with the same filters.
 */
export function Page() {
  const today = dayjs().format(DAY);
  const [query, setQuery] = useState<Query>({
    from: dayjs().subtract(6, 'day').format(DAY),
    to: today,
  });
  const report = useAdminQuery('adminReport', { query });
  const d = report.data;
  // The venues the report has shown: the filter offers them (and keeps the chosen one).
  const [venues, setVenues] = useState(new Map<string, string>());
  if (d && d.venues.some((v) => !venues.has(v.venueCode)))
    setVenues(new Map([...venues, ...d.venues.map((v) => [v.venueCode, v.venueName] as const)]));
  const csv = (view: 'days' | 'venues' | 'families', label: string) => (
    <ExportButton
      route="adminExportReport"
      req={{ query: { ...query, view } }}
      fileName={`report-${query.from}-${query.to}-${view}.csv`}
      label={label}
    />
  );
  return (
    <>
      <PageHeader
        title="报表"
        extra={
          <Space wrap>
            {csv('days', '导出 CSV（按日）')}
            {csv('families', '导出 CSV（按类别）')}
            {csv('venues', '导出 CSV（按场馆）')}
          </Space>
        }
      />
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="日期">
          <DatePicker.RangePicker
            value={[dayjs(query.from), dayjs(query.to)]}
            allowClear={false}
            onChange={(v) => {
              const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
              if (a && b) setQuery({ ...query, from: a.format(DAY), to: b.format(DAY) });
            }}
          />
        </Form.Item>
        <Form.Item label="类别">
          <Select<Family>
            aria-label="类别"
            allowClear
            placeholder="全部类别"
            style={{ width: 140 }}
            value={query.family}
            options={VENUE_FAMILIES.map((f) => ({ value: f, label: familyName(f) }))}
            onChange={(family) => setQuery({ ...query, family })}
          />
        </Form.Item>
        <Form.Item label="场馆">
          <Select<string>
            aria-label="场馆"
            allowClear
            showSearch
            placeholder="全部场馆"
            style={{ width: 200 }}
            value={query.venueCode}
            options={[...venues].map(([value, name]) => ({ value, label: `${name}（${value}）` }))}
            onChange={(venueCode) => setQuery({ ...query, venueCode })}
          />
        </Form.Item>
      </Form>
      {report.error && <Alert type="error" title={errorText(report.error)} />}
      {d && d.unallocatedBonuses !== '0.00' && (
        <Typography.Paragraph type="secondary">
          未分摊红利 {d.unallocatedBonuses} 元：领取当日没有结算注单的会员的红利只计入全站
          NGR，不计入任何类别或场馆。
        </Typography.Paragraph>
      )}
      <Tabs
        items={[
          {
            key: 'days',
            label: '按日',
            children: (
              <Table<Row>
                rowKey="date"
                size="small"
                loading={report.isLoading}
                dataSource={d?.days}
                pagination={false}
                scroll={{ x: 1100 }}
                columns={[
                  { title: '日期', dataIndex: 'date', fixed: 'left' },
                  { title: '存款', dataIndex: 'deposits' },
                  { title: '存款笔数', dataIndex: 'depositCount' },
                  { title: '取款', dataIndex: 'withdrawals' },
                  { title: '取款笔数', dataIndex: 'withdrawCount' },
                  { title: '注单', dataIndex: 'bets' },
                  { title: '投注额', dataIndex: 'stakes' },
                  { title: '派彩', dataIndex: 'payouts' },
                  { title: 'GGR', dataIndex: 'ggr' },
                  { title: '红利', dataIndex: 'bonuses' },
                  { title: 'NGR', dataIndex: 'ngr' },
                  { title: '新会员', dataIndex: 'newMembers' },
                  { title: '活跃会员', dataIndex: 'activeMembers' },
                ]}
                summary={() =>
                  d && (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                      {TOTALS.map((k, i) => (
                        <Table.Summary.Cell key={k} index={i + 1}>
                          {d.total[k]}
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  )
                }
              />
            ),
          },
          {
            key: 'families',
            label: '按类别',
            children: <TakingsTable by="family" rows={d?.families} loading={report.isLoading} />,
          },
          {
            key: 'venues',
            label: '按场馆',
            children: <TakingsTable by="venue" rows={d?.venues} loading={report.isLoading} />,
          },
        ]}
      />
    </>
  );
}
