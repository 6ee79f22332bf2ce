import { Alert, Space, Table, Tag } from 'antd';
import { ADMIN_PERMISSION_LABELS } from '@nebula/protocol/api/admin/permissions';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { Panel } from '../components/panel';
import { useAdminQuery } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';

/** Operators and their roles; each role is a set of permissions. */
export function Page() {
  const roles = useAdminQuery('adminRoles', {});
  const [page, setPage] = useState(1);
  const operators = useAdminQuery('adminOperators', { query: { page, pageSize: 20 } });
  const error = roles.error ?? operators.error;
  return (
    <>
      <PageHeader title="运营人员与角色" />
      {error && <Alert type="error" title={errorText(error)} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Panel title="角色">
          <Table
            rowKey="id"
            size="small"
            loading={roles.isLoading}
            dataSource={roles.data?.list}
            pagination={false}
            columns={[
              { title: '名称', dataIndex: 'name', width: 140 },
              { title: '人数', dataIndex: 'operatorCount', width: 80 },
              {
                title: '权限',
                render: (_, r) =>
                  r.superuser ? (
                    <Tag color="gold">全部权限</Tag>
                  ) : (
                    r.permissions.map((p) => <Tag key={p}>{ADMIN_PERMISSION_LABELS[p] ?? p}</Tag>)
                  ),
              },
            ]}
          />
        </Panel>
        <Panel title="运营人员">
          <Table
            rowKey={(r) => JSON.stringify(r)}
            size="small"
            loading={operators.isLoading}
            dataSource={operators.data?.list}
            columns={columnsOf(operators.data?.list)}
            pagination={{
              current: page,
              pageSize: 20,
              total: operators.data?.total,
              onChange: setPage,
            }}
          />
        </Panel>
      </Space>
    </>
  );
}
