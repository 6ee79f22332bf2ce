import { Alert, Col, Row, Statistic } from 'antd';
import { Panel } from '../components/panel';
import { Link } from 'react-router';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { useAdminQuery, useCan } from '../components/use-admin-query';

function Count({
  title,
  value,
  loading,
  to,
}: {
  title: string;
  value: number | undefined;
  loading: boolean;
  to: string;
}) {
  return (
    <Col xs={24} sm={12} lg={6}>
      <Panel>
        <Link to={to}>
          <Statistic title={title} value={value ?? '—'} loading={loading} />
        </Link>
      </Panel>
    </Col>
  );
}

/**
 * Pending work with counts and links, from the calls that exist: each list's total with one
 * row asked. A count the operator may not read is not shown.
 */
export function Page() {
  const realName = useAdminQuery('adminRealNamePending', {});
  const deposits = useAdminQuery('adminDeposits', { query: { status: 'pending', pageSize: 1 } });
  const withdrawals = useAdminQuery('adminWithdrawals', {
    query: { status: 'pending', pageSize: 1 },
  });
  const members = useAdminQuery('adminMembers', { query: { pageSize: 1 } });
  const canRealName = useCan('adminRealNamePending');
  const canDeposits = useCan('adminDeposits');
  const canWithdrawals = useCan('adminWithdrawals');
  const failed = [realName, deposits, withdrawals, members].find((q) => q.error);
  return (
    <>
      <PageHeader title="今日概览" />
      {failed?.error && <Alert type="error" title={errorText(failed.error)} />}
      <Row gutter={[16, 16]}>
        <Count
          title="会员总数"
          value={members.data?.total}
          loading={members.isLoading}
          to="/members"
        />
        {canRealName && (
          <Count
            title="待审核实名"
            value={realName.data?.list.length}
            loading={realName.isLoading}
            to="/real-name"
          />
        )}
        {canDeposits && (
          <Count
            title="待确认存款"
            value={deposits.data?.total}
            loading={deposits.isLoading}
            to="/deposits"
          />
        )}
        {canWithdrawals && (
          <Count
            title="待审核取款"
            value={withdrawals.data?.total}
            loading={withdrawals.isLoading}
            to="/withdrawals"
          />
        )}
      </Row>
    </>
  );
}
