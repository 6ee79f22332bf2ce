import { Alert, Table } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { PageHeader } from '../components/page-header';
import { useAdminQuery } from '../components/use-admin-query';
import { columnsOf } from '../components/value-cell';

/** Transfers to and from venues, for the ones the resolver could not settle by itself. */
export function Page() {
  const [page, setPage] = useState(1);
  const transfers = useAdminQuery('adminTransfers', { query: { page, pageSize: 20 } });
  return (
    <>
      <PageHeader title="场馆转账" />
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
    </>
  );
}
