import { Alert, Button, Card, Descriptions, Table } from 'antd';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';

/** The ledger's own check: every asset sums to zero, no cached balance drifts, none is negative. */
export function Page() {
  const r = useAdminQuery('adminReconcile', {});
  return (
    <>
      <PageHeader
        title="账本对账"
        extra={<Button onClick={() => void r.refetch()}>重新对账</Button>}
      />
      {r.error && <Alert type="error" title={errorText(r.error)} />}
      {r.data && (
        <Card>
          <Alert
            type={r.data.ok ? 'success' : 'error'}
            title={r.data.ok ? '账本平衡' : '账本不平衡'}
            style={{ marginBottom: 16 }}
          />
          <Descriptions column={2}>
            <Descriptions.Item label="检查账户数">{r.data.checkedAccounts}</Descriptions.Item>
            <Descriptions.Item label="各资产合计">
              {JSON.stringify(r.data.assetSums)}
            </Descriptions.Item>
          </Descriptions>
          {r.data.drift.length > 0 && (
            <Table rowKey="accountId" dataSource={r.data.drift} columns={columnsOf(r.data.drift)} />
          )}
        </Card>
      )}
    </>
  );
}
