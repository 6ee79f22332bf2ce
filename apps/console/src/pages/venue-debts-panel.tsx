import { Alert, Card, InputNumber, Space, Table } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { formatTime } from '../components/page-header';
import { useAdminQuery, useCan } from '../components/use-admin-query';

type Debt = ResponseOf<'adminVenueDebts'>['list'][number];

/**
 * Members' venue debts held back from withdrawal (contract §6), on the transfers page, paged,
 * by member; the export takes the same member. Shown only to an operator who may list them.
 */
export function VenueDebtsPanel() {
  const can = useCan('adminVenueDebts');
  const [memberId, setMemberId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const debts = useAdminQuery('adminVenueDebts', { query: { memberId, page, pageSize: 20 } });
  if (!can) return null;
  return (
    <Card
      title="会员场馆欠款"
      style={{ marginTop: 16 }}
      extra={
        <Space>
          <InputNumber<number>
            aria-label="欠款会员编号"
            placeholder="会员编号"
            min={1}
            value={memberId ?? null}
            onChange={(v) => {
              setMemberId(v ?? undefined);
              setPage(1);
            }}
          />
          <ExportButton
            route="adminExportVenueDebts"
            req={{ query: { memberId } }}
            fileName="venue-debts.csv"
          />
        </Space>
      }
    >
      {debts.error && <Alert type="error" title={errorText(debts.error)} />}
      <Table<Debt>
        rowKey={(d) => `${d.memberId}:${d.venueCode}`}
        size="small"
        loading={debts.isLoading}
        dataSource={debts.data?.list}
        pagination={{ current: page, pageSize: 20, total: debts.data?.total, onChange: setPage }}
        columns={[
          { title: '会员 ID', dataIndex: 'memberId' },
          { title: '账号', dataIndex: 'userName' },
          { title: '场馆', dataIndex: 'venueName' },
          { title: '欠款', dataIndex: 'debt' },
          { title: '已核销', dataIndex: 'writtenOff' },
          { title: '暂扣', dataIndex: 'held' },
          { title: '同步时间', dataIndex: 'syncedAt', render: formatTime },
        ]}
      />
    </Card>
  );
}
