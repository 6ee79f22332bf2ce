import { Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { ExportButton } from './export-button';
import { formatTime } from './page-header';
import { GRANT_KIND_LABELS, GRANT_STATUS_LABELS } from './reward-labels';
import { useAdminQuery } from './use-admin-query';

type Grant = ResponseOf<'adminMemberGrants'>['list'][number];
type GrantQuery = NonNullable<RequestOf<'adminMemberGrants'>['query']>;

const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** 奖励发放: the member's grants, server-paged, by status and kind; CSV (adminExportGrants). */
export function MemberGrants({ memberId }: { memberId: number }) {
  const [status, setStatus] = useState<GrantQuery['status']>();
  const [kind, setKind] = useState<GrantQuery['kind']>();
  const [page, setPage] = useState(1);
  const grants = useAdminQuery('adminMemberGrants', {
    params: { memberId },
    query: { status, kind, page, pageSize: 20 },
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="发放状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v: GrantQuery['status']) => {
            setStatus(v);
            setPage(1);
          }}
          options={optionsOf(GRANT_STATUS_LABELS)}
        />
        <Select
          aria-label="奖励类型"
          allowClear
          placeholder="全部类型"
          style={{ width: 160 }}
          value={kind}
          onChange={(v: GrantQuery['kind']) => {
            setKind(v);
            setPage(1);
          }}
          options={optionsOf(GRANT_KIND_LABELS)}
        />
        <ExportButton
          route="adminExportGrants"
          req={{ query: { memberId, status, kind } }}
          fileName={`member-${memberId}-grants.csv`}
        />
      </Space>
      <Table<Grant>
        rowKey="id"
        size="small"
        loading={grants.isLoading}
        dataSource={grants.data?.list}
        pagination={{ current: page, pageSize: 20, total: grants.data?.total, onChange: setPage }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: formatTime, width: 180 },
          { title: '名称', dataIndex: 'title' },
          { title: '金额', dataIndex: 'amount' },
          { title: '流水倍数', dataIndex: 'turnoverMultiple' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: Grant['status']) => <Tag>{GRANT_STATUS_LABELS[s] ?? s}</Tag>,
          },
          { title: '到期', dataIndex: 'expiresAt', render: formatTime },
        ]}
      />
    </>
  );
}
