import { Alert, Table } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { formatTime, PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { valueText } from '../components/value-cell';

type Entry = ResponseOf<'adminAudit'>['list'][number];

/** The audit log, newest first, server-paged. */
export function Page() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const audit = useAdminQuery('adminAudit', { query: { page, pageSize } });
  return (
    <>
      <PageHeader title="操作审计" />
      {audit.error && <Alert type="error" title={errorText(audit.error)} />}
      <Table<Entry>
        rowKey="id"
        size="small"
        loading={audit.isLoading}
        dataSource={audit.data?.list}
        pagination={{
          current: page,
          pageSize,
          total: audit.data?.total,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 80 },
          { title: '时间', dataIndex: 'time', render: formatTime, width: 180 },
          { title: '操作人', dataIndex: 'actor' },
          { title: '动作', dataIndex: 'action' },
          { title: '对象', dataIndex: 'target' },
          { title: '之前', dataIndex: 'before', render: valueText, ellipsis: true },
          { title: '之后', dataIndex: 'after', render: valueText, ellipsis: true },
        ]}
      />
    </>
  );
}
