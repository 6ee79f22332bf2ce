import { Input, Space, Table } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../../api/admin-routes';
import { errorText } from '../../api/api-error';
import { formatTime } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { shanghaiDay } from '../../components/shanghai-time';
import { useAdminQuery, useCan } from '../../components/use-admin-query';
import { valueText } from '../../components/value-cell';
import { DayFilters, SelectFilter, TextFilter } from './list-filters';
import { VenueList } from './venue-list';

type ReportRow = ResponseOf<'houseVenueDailyReport'>['rows'][number];

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

/** 体育日报（区间）: a row per day and sport over a range of days, paged, exportable. */
function DailyRangePanel() {
  return (
    <Panel title="体育日报（区间）">
      <VenueList
        route="houseVenueDailyReportList"
        name="hv-daily-range"
        fileName="house-venue-daily-reports.csv"
        initial={{ from: shanghaiDay(-7), to: shanghaiDay(-1) }}
        rowKey={(r) => `${r.date}:${r.sport}`}
        fields={
          <>
            <DayFilters what="报表" />
            <SelectFilter
              name="sport"
              label="项目"
              options={Object.entries(SPORT_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </>
        }
        columns={[
          { title: '日期', dataIndex: 'date' },
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

/** 操作日志: the venue's audit of every operator change, newest first, paged by the venue. */
function AuditPanel() {
  return (
    <Panel title="场馆操作日志">
      <VenueList
        route="houseVenueAuditList"
        name="hv-audit-list"
        fileName="house-venue-audit.csv"
        rowKey={(e) => String(e.id)}
        fields={
          <>
            <TextFilter name="operator" label="操作人" />
            <TextFilter name="action" label="动作（如 bet 或 bet.void）" width={180} />
            <TextFilter name="target" label="对象" />
            <DayFilters what="操作" />
          </>
        }
        columns={[
          { title: '#', dataIndex: 'id', width: 80 },
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
  const canAudit = useCan('houseVenueAuditList');
  const canRange = useCan('houseVenueDailyReportList');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {canReport && <DailyReportPanel />}
      {canRange && <DailyRangePanel />}
      {canAudit && <AuditPanel />}
    </Space>
  );
}
