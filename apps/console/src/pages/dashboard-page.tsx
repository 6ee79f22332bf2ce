import { Alert, Col, Row, theme } from 'antd';
import { Link } from 'react-router';
import { groupThousands } from '@nebula/protocol/format/number-format';
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

/** Today's takings by family (a plain table: antd's Table would double the first route). */
function Families({
  rows,
}: {
  rows: { family: string; bets: number; stakes: string; payouts: string; ggr: string }[];
}) {
  const cell = {
    padding: '8px 12px',
    borderBottom: '1px solid #f0f0f0',
    textAlign: 'left' as const,
  };
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse' }} aria-label="各类别今日数据">
      <thead>
        <tr>
          {['类别', '注单', '投注额', '派彩', 'GGR'].map((h) => (
            <th key={h} style={cell}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.family}>
            <td style={cell}>{r.family}</td>
            <td style={cell}>{r.bets}</td>
            <td style={cell}>{r.stakes}</td>
            <td style={cell}>{r.payouts}</td>
            <td style={cell}>{r.ggr}</td>
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td style={cell} colSpan={5}>
              今日暂无结算注单
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/**
 * Today (Shanghai) and the work waiting: the platform's dashboard for an operator who may read
 * it; otherwise the counts the lists they may read give.
 */
export function Page() {
  const canDashboard = useCan('adminDashboard');
  const dashboard = useAdminQuery('adminDashboard', {});
  const realName = useAdminQuery('adminRealNamePending', {});
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
        {canRealName && (
          <Figure
            title="待审核实名"
            value={d?.pending.realNameReviews ?? realName.data?.list.length}
            to="/real-name"
          />
        )}
        {canDashboard && (
          <>
            <Figure title="待确认存款" value={d?.pending.depositsToConfirm} to="/deposits" />
            <Figure title="待审核取款" value={d?.pending.withdrawalsToReview} to="/withdrawals" />
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
        <Panel title="各类别今日数据" style={{ marginTop: 16 }}>
          <Families rows={d.families} />
        </Panel>
      )}
    </>
  );
}
