import { Alert, Col, Row, theme } from 'antd';
import { Link } from 'react-router';
import { groupThousands } from '@nebula/protocol/format/number-format';
import type { AdminRouteName, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { Panel } from '../components/panel';
import { useAdminQuery, useCan } from '../components/use-admin-query';

/** A count or an amount with thousands separators, as antd's Statistic wrote it (12,345.00). */
function grouped(value: string | number): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(String(value));
  return m ? `${m[1]}${groupThousands(m[2]!)}${m[3] ?? ''}` : String(value);
}

function Figure({
  title,
  value,
  to,
}: {
  title: string;
  value: string | number | undefined;
  to?: string;
}) {
  // A figure as antd's Statistic shows one; not Statistic itself, which brings its loading
  // skeleton (some 5 KB gzipped in the first route).
  const { token } = theme.useToken();
  const stat = (
    <div>
      <div style={{ color: token.colorTextDescription, marginBottom: 4 }}>{title}</div>
      <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3 }}>
        {value === undefined ? '—' : grouped(value)}
      </div>
    </div>
  );
  return (
    <Col xs={24} sm={12} lg={6}>
      <Panel>{to ? <Link to={to}>{stat}</Link> : stat}</Panel>
    </Col>
  );
}

type Column = readonly [label: string, cell: (r: Takings) => string | number];
interface Takings {
  family: string;
  venueCode?: string;
  venueName?: string;
  bets: number;
  stakes: string;
  payouts: string;
  ggr: string;
  ngr: string;
}
const TAKINGS: readonly Column[] = [
  ['注单', (r) => r.bets],
  ['投注额', (r) => r.stakes],
  ['派彩', (r) => r.payouts],
  ['GGR', (r) => r.ggr],
  ['NGR', (r) => r.ngr],
];

/** Today's takings by family or venue (a plain table: antd's Table would double the first route). */
function TakingsTable({ label, head, rows }: { label: string; head: Column[]; rows: Takings[] }) {
  const cell = {
    padding: '8px 12px',
    borderBottom: '1px solid #f0f0f0',
    textAlign: 'left' as const,
  };
  const columns = [...head, ...TAKINGS];
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse' }} aria-label={label}>
      <thead>
        <tr>
          {columns.map(([h]) => (
            <th key={h} style={cell}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.venueCode ?? r.family}>
            {columns.map(([h, value]) => (
              <td key={h} style={cell}>
                {value(r)}
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td style={cell} colSpan={columns.length}>
              今日暂无结算注单
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

type Pending = ResponseOf<'adminDashboard'>['pending'];
/** Every queue an operator works: its count, and the page that works it. */
const QUEUES: readonly [keyof Pending, string, string, AdminRouteName][] = [
  ['approvalsPending', '待复核（四眼）', '/approvals', 'adminApprovals'],
  ['withdrawalsToReview', '待审核取款', '/withdrawals', 'adminWithdrawals'],
  ['depositsToConfirm', '待确认存款', '/deposits', 'adminDeposits'],
  ['transfersStuck', '处理中的场馆转账', '/transfers', 'adminTransfers'],
  ['realNameReviews', '待审核实名', '/real-name', 'adminRealNamePending'],
  ['agentApplications', '待审核代理申请', '/agents', 'adminAgentApplications'],
  ['feedbackToReply', '待回复意见反馈', '/content', 'adminFeedbacks'],
];

function PendingQueue({
  label,
  count,
  to,
  route,
}: {
  label: string;
  count: number;
  to: string;
  route: AdminRouteName;
}) {
  // The count shows to whoever reads the dashboard; the link only to who may open the queue.
  const can = useCan(route);
  return <Figure title={label} value={count} to={can ? to : undefined} />;
}

/**
 * Today (Shanghai) and the work waiting: the platform's dashboard for an operator who may read
 * it; otherwise the counts the lists they may read give.
 */
export function Page() {
  const canDashboard = useCan('adminDashboard');
  const dashboard = useAdminQuery('adminDashboard', {});
  const realName = useAdminQuery(
    'adminRealNamePending',
    { query: { status: 'pending', pageSize: 1 } },
    { enabled: !canDashboard },
  );
  const members = useAdminQuery('adminMembers', { query: { pageSize: 1 } });
  const canRealName = useCan('adminRealNamePending');
  const d = dashboard.data;
  const failed = [dashboard, realName, members].find((q) => q.error);
  return (
    <>
      <PageHeader title={d ? `今日概览（${d.date}）` : '今日概览'} />
      {failed?.error && <Alert type="error" title={errorText(failed.error)} />}
      <Row gutter={[16, 16]}>
        <Figure title="会员总数" value={members.data?.total} to="/members" />
        {!canDashboard && canRealName && (
          <Figure title="待审核实名" value={realName.data?.total} to="/real-name" />
        )}
        {canDashboard && (
          <>
            <Figure title="今日存款（元）" value={d?.today.deposits} />
            <Figure title="今日取款（元）" value={d?.today.withdrawals} />
            <Figure title="今日 GGR（元）" value={d?.today.ggr} />
            <Figure title="今日 NGR（元）" value={d?.today.ngr} />
            <Figure title="新会员" value={d?.today.newMembers} />
            <Figure title="活跃会员" value={d?.today.activeMembers} />
          </>
        )}
      </Row>
      {d && (
        <Panel title="待处理" style={{ marginTop: 16 }}>
          <Row gutter={[16, 16]}>
            {QUEUES.map(([key, label, to, route]) => (
              <PendingQueue key={key} label={label} count={d.pending[key]} to={to} route={route} />
            ))}
          </Row>
        </Panel>
      )}
      {d && (
        <Panel title="各类别今日数据" style={{ marginTop: 16 }}>
          <TakingsTable
            label="各类别今日数据"
            head={[['类别', (r) => r.family]]}
            rows={d.families}
          />
        </Panel>
      )}
      {d && (
        <Panel title="各场馆今日数据" style={{ marginTop: 16 }}>
          <TakingsTable
            label="各场馆今日数据"
            head={[
              ['类别', (r) => r.family],
              ['场馆', (r) => `${r.venueName ?? ''}（${r.venueCode ?? ''}）`],
            ]}
            rows={d.venues}
          />
        </Panel>
      )}
    </>
  );
}
