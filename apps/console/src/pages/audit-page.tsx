import { Alert, Button, Form, Input, Space, Table } from 'antd';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { formatTime, PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { valueText } from '../components/value-cell';

type Entry = ResponseOf<'adminAudit'>['list'][number];
type Filters = Pick<NonNullable<RequestOf<'adminAudit'>['query']>, 'actor' | 'action' | 'target'>;

/** The audit log, newest first, server-paged; filtered by who, what and on what, exportable. */
export function Page() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [filters, setFilters] = useState<Filters>({});
  const audit = useAdminQuery('adminAudit', { query: { page, pageSize, ...filters } });
  const apply = (v: Record<keyof Filters, string | undefined>) => {
    const pick = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);
    setFilters({ actor: pick(v.actor), action: pick(v.action), target: pick(v.target) });
    setPage(1);
  };
  return (
    <>
      <PageHeader
        title="操作审计"
        extra={
          <Space>
            <Form layout="inline" onFinish={apply}>
              <Form.Item name="actor">
                <Input placeholder="操作人" allowClear style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name="action">
                <Input placeholder="动作" allowClear style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="target">
                <Input placeholder="对象" allowClear style={{ width: 140 }} />
              </Form.Item>
              <Button htmlType="submit">筛选</Button>
            </Form>
            <ExportButton route="adminExportAudit" req={{ query: filters }} fileName="audit.csv" />
          </Space>
        }
      />
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
