import { Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../../api/admin-routes';
import { errorText } from '../../api/api-error';
import { formatTime } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { shanghaiDay } from '../../components/shanghai-time';
import { useAdminQuery, useCan } from '../../components/use-admin-query';
import { valueText } from '../../components/value-cell';

type ReportRow = ResponseOf<'houseVenueDailyReport'>['rows'][number];
type AuditEntry = ResponseOf<'houseVenueAudit'>['entries'][number];

const SPORT_LABELS: Record<string, string> = {
  football: '足球',
  basketball: '篮球',
  esports: '电竞',
  parlay: '串关',
};

/** An audit entry's detail as `key: value` pairs (the venue's own record of the change). */
const detailText = (d: Record<string, unknown>) =>
  Object.entries(d)
    .map(([k, v]) => `${k}: ${valueText(v)}`)
    .join('；');

/** 体育日报: bets settled that Shanghai day per sport, with the house's gross revenue. */
function DailyReportPanel() {
  const [date, setDate] = useState(shanghaiDay(-1));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const report = useAdminQuery('houseVenueDailyReport', { body: { date } }, { enabled: valid });
  return (
    <Panel title="体育日报">
      <Input
        type="date"
        aria-label="报表日期"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        style={{ width: 180, marginBottom: 16 }}
      />
      {report.error && <p>{errorText(report.error)}</p>}
      <Table<ReportRow>
        size="small"
        rowKey="sport"
        pagination={false}
        loading={report.isFetching}
        dataSource={report.data?.rows ?? []}
        columns={[
          { title: '项目', dataIndex: 'sport', render: (s: string) => SPORT_LABELS[s] ?? s },
          { title: '注单数', dataIndex: 'bets' },
          { title: '投注额（元）', dataIndex: 'stakes' },
          { title: '派彩（元）', dataIndex: 'payouts' },
          { title: '毛利（元）', dataIndex: 'ggr' },
        ]}
      />
    </Panel>
  );
}

/** 操作日志: the venue's audit of every operator change, newest first as the venue gives it. */
function AuditPanel() {
  const [limit, setLimit] = useState(50);
  const audit = useAdminQuery('houseVenueAudit', { body: { limit } });
  return (
    <Panel title="场馆操作日志">
      <Select
        aria-label="显示条数"
        value={limit}
        onChange={setLimit}
        style={{ width: 120, marginBottom: 16 }}
        options={[20, 50, 100, 200].map((n) => ({ value: n, label: `最近 ${n} 条` }))}
      />
      {audit.error && <p>{errorText(audit.error)}</p>}
      <Table<AuditEntry>
        size="small"
        rowKey={(e) => `${e.at}:${e.action}:${e.target}:${e.operator}`}
        pagination={{ pageSize: 20 }}
        loading={audit.isFetching}
        dataSource={audit.data?.entries ?? []}
        columns={[
          { title: '时间', dataIndex: 'at', render: (t: number) => formatTime(t) },
          { title: '操作人', dataIndex: 'operator' },
          { title: '动作', dataIndex: 'action' },
          { title: '对象', dataIndex: 'target' },
          { title: '详情', dataIndex: 'detail', render: detailText },
        ]}
      />
    </Panel>
  );
}

/** 报表与审计: the daily report (venue.results) and the venue's audit (venue.manage). */
export function ReportsTab() {
  const canReport = useCan('houseVenueDailyReport');
  const canAudit = useCan('houseVenueAudit');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {canReport && <DailyReportPanel />}
      {canAudit && <AuditPanel />}
    </Space>
  );
}
