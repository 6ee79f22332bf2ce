import { Alert, App, Button, Input, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from '../components/export-button';
import { formatTime, PageHeader } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { VenueDebtsPanel } from './venue-debts-panel';

type Status = NonNullable<NonNullable<RequestOf<'adminTransfers'>['query']>['status']>;
type Transfer = ResponseOf<'adminTransfers'>['list'][number];
const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'pending', label: '处理中' },
  { value: 'succeeded', label: '成功' },
  { value: 'failed', label: '失败' },
];
const STATUS_TEXT = Object.fromEntries(STATUS_OPTIONS.map((o) => [o.value, o.label]));
/** The protocol's venue code shape; anything else is not sent (the server would refuse it). */
const VENUE_CODE = /^[A-Z][A-Z0-9_]{1,15}$/;

/**
 * Transfers to and from venues, for the ones the resolver could not settle by itself: filtered
 * by status, member and venue (the export takes the same filters), and a pending one settled
 * by the venue's answer now, with a reason for the audit.
 */
export function Page() {
  const [status, setStatus] = useState<Status | undefined>();
  const [memberId, setMemberId] = useState<number | undefined>();
  const [venueInput, setVenueInput] = useState('');
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<Transfer | null>(null);
  const venueCode = VENUE_CODE.test(venueInput) ? venueInput : undefined;
  const filters = { status, memberId, venueCode };
  const transfers = useAdminQuery('adminTransfers', { query: { ...filters, page, pageSize: 20 } });
  const canResolve = useCan('adminTransferResolve');
  const resolve = useAdminMutation('adminTransferResolve');
  const { message } = App.useApp();
  const resolveNow = (reason: string) => {
    if (!resolving) return;
    resolve.mutate(
      { req: { params: { transferId: resolving.transferId }, body: { reason } } },
      {
        onSuccess: (t) => {
          setResolving(null);
          void message.success(`已处理：${STATUS_TEXT[t.status] ?? t.status}`);
        },
        onError: (err) => void message.error(errorText(err)),
      },
    );
  };
  return (
    <>
      <PageHeader
        title="场馆转账"
        extra={
          <Space wrap>
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
            <InputNumber<number>
              aria-label="会员编号"
              placeholder="会员编号"
              min={1}
              value={memberId ?? null}
              onChange={(v) => {
                setMemberId(v ?? undefined);
                setPage(1);
              }}
            />
            <Input
              aria-label="场馆代码"
              placeholder="场馆代码"
              allowClear
              style={{ width: 130 }}
              value={venueInput}
              status={venueInput && !venueCode ? 'error' : undefined}
              onChange={(e) => {
                setVenueInput(e.target.value.trim().toUpperCase());
                setPage(1);
              }}
            />
            <ExportButton
              route="adminExportTransfers"
              req={{ query: filters }}
              fileName="transfers.csv"
            />
          </Space>
        }
      />
      {transfers.error && <Alert type="error" title={errorText(transfers.error)} />}
      <Table<Transfer>
        rowKey="transferId"
        size="small"
        loading={transfers.isLoading}
        dataSource={transfers.data?.list}
        pagination={{
          current: page,
          pageSize: 20,
          total: transfers.data?.total,
          onChange: setPage,
        }}
        columns={[
          { title: '转账单号', dataIndex: 'transferId' },
          { title: '会员 ID', dataIndex: 'memberId' },
          { title: '账号', dataIndex: 'userName' },
          { title: '场馆', dataIndex: 'venueName' },
          {
            title: '方向',
            dataIndex: 'direction',
            render: (d: string) => (d === 'in' ? '转入' : '转出'),
          },
          { title: '金额', dataIndex: 'amount' },
          { title: '状态', dataIndex: 'status', render: (s: string) => STATUS_TEXT[s] ?? s },
          { title: '查询次数', dataIndex: 'attempts' },
          {
            title: '场馆最近答复',
            dataIndex: 'lastAnswer',
            render: (a: string | null) => a ?? '—',
          },
          { title: '创建时间', dataIndex: 'createdAt', render: formatTime },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, t) =>
              canResolve && t.status === 'pending' ? (
                <Button size="small" onClick={() => setResolving(t)}>
                  按场馆答复处理
                </Button>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        open={resolving !== null}
        title={`处理待确认转账 ${resolving?.transferId ?? ''}`}
        busy={resolve.isPending}
        onCancel={() => setResolving(null)}
        onOk={resolveNow}
      />
      <VenueDebtsPanel />
    </>
  );
}
