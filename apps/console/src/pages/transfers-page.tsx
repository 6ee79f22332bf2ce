import { Alert, Select, Space, Table } from 'antd';
import { useState } from 'react';
import type { RequestOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';
import { VenueDebtsPanel } from './venue-debts-panel';

type Status = NonNullable<NonNullable<RequestOf<'adminTransfers'>['query']>['status']>;
const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'pending', label: '处理中' },
  { value: 'succeeded', label: '成功' },
  { value: 'failed', label: '失败' },
];

/** Transfers to and from venues, for the ones the resolver could not settle by itself. */
export function Page() {
  const [status, setStatus] = useState<Status | undefined>();
  const [page, setPage] = useState(1);
  const transfers = useAdminQuery('adminTransfers', { query: { status, page, pageSize: 20 } });
  return (
    <>
      <PageHeader
        title="场馆转账"
        extra={
          <Space>
            <Select
              aria-label="状态"
              allowClear
              placeholder="全部状态"
              style={{ width: 140 }}
              value={status}
              options={STATUS_OPTIONS}
              onChange={(v: Status | undefined) => {
                setStatus(v);
                setPage(1);
              }}
            />
            <ExportButton
              route="adminExportTransfers"
              req={{ query: { status } }}
              fileName="transfers.csv"
            />
          </Space>
        }
      />
      {transfers.error && <Alert type="error" title={errorText(transfers.error)} />}
      <Table
        rowKey={(r) => JSON.stringify(r)}
        size="small"
        loading={transfers.isLoading}
        dataSource={transfers.data?.list}
        columns={columnsOf(transfers.data?.list, 10)}
        pagination={{
          current: page,
          pageSize: 20,
          total: transfers.data?.total,
          onChange: setPage,
        }}
      />
      <VenueDebtsPanel />
    </>
  );
}
