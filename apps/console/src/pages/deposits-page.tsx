import { Alert, App, Button, Select, Space, Table } from 'antd';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { newIdempotencyKey } from '../api/client';
import { ExportButton } from '../components/export-button';
import { OrderStatusTag, ORDER_STATUS_OPTIONS } from '../components/order-status';
import { formatTime, PageHeader } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

type Order = ResponseOf<'adminDeposits'>['list'][number];
type Status = NonNullable<NonNullable<RequestOf<'adminDeposits'>['query']>['status']>;
type Pending = { order: Order; action: 'confirm' | 'reject' | 'credit' | 'close'; key: string };

/** Bank and USDT deposits: confirm what arrived, reject what did not, resolve those in review. */
export function Page() {
  const [status, setStatus] = useState<Status | undefined>('pending');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const orders = useAdminQuery('adminDeposits', { query: { status, page, pageSize } });
  const confirm = useAdminMutation('adminDepositConfirm');
  const reject = useAdminMutation('adminDepositReject');
  const resolve = useAdminMutation('adminDepositResolve');
  const canConfirm = useCan('adminDepositConfirm');
  const canReject = useCan('adminDepositReject');
  const canResolve = useCan('adminDepositResolve');
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending | null>(null);
  const start = (order: Order, action: Pending['action']) =>
    setPending({ order, action, key: newIdempotencyKey() });
  // Confirming or resolving credits money: 9600 asks for a fresh step-up, then the same request.
  const stepUp = useStepUpRetry('adminDepositConfirm');
  const handlers = (again: () => void) => ({
    onSuccess: () => {
      setPending(null);
      void message.success('已处理');
    },
    onError: (err: Error) => {
      if (!stepUp.asked(err, again)) void message.error(errorText(err));
    },
  });
  const run = (reason: string) => {
    if (!pending) return;
    const params = { orderId: pending.order.orderId };
    const opts = { idempotencyKey: pending.key };
    const h = handlers(() => run(reason));
    if (pending.action === 'confirm')
      confirm.mutate({ req: { params, body: { reason: reason || undefined } }, opts }, h);
    if (pending.action === 'reject') reject.mutate({ req: { params, body: { reason } }, opts }, h);
    if (pending.action === 'credit' || pending.action === 'close')
      resolve.mutate(
        { req: { params, body: { credit: pending.action === 'credit', reason } }, opts },
        h,
      );
  };
  return (
    <>
      <PageHeader
        title="存款确认"
        extra={
          <Space>
            <Select
              aria-label="状态"
              allowClear
              placeholder="全部状态"
              style={{ width: 160 }}
              value={status}
              options={ORDER_STATUS_OPTIONS.filter((o) => o.value !== 'paid')}
              onChange={(v: Status | undefined) => {
                setStatus(v);
                setPage(1);
              }}
            />
            <ExportButton
              route="adminExportDeposits"
              req={{ query: { status } }}
              fileName="deposits.csv"
            />
          </Space>
        }
      />
      {orders.error && <Alert type="error" title={errorText(orders.error)} />}
      <Table<Order>
        rowKey="orderId"
        loading={orders.isLoading}
        dataSource={orders.data?.list}
        pagination={{
          current: page,
          pageSize,
          total: orders.data?.total,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderId' },
          { title: '会员', dataIndex: 'userName' },
          { title: '渠道', dataIndex: 'channelName' },
          { title: '金额', render: (_, o) => `${o.amount} ${o.currency}` },
          { title: '入账（元）', dataIndex: 'creditAmount' },
          { title: '存款人', dataIndex: 'depositorName', render: (v: string | null) => v ?? '—' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <OrderStatusTag status={s} />,
          },
          { title: '创建时间', dataIndex: 'createdAt', render: formatTime },
          {
            title: '操作',
            render: (_, o) => (
              <Space>
                {canConfirm && (o.status === 'pending' || o.status === 'expired') && (
                  <Button size="small" type="primary" onClick={() => start(o, 'confirm')}>
                    确认到账
                  </Button>
                )}
                {canReject && o.status === 'pending' && (
                  <Button size="small" danger onClick={() => start(o, 'reject')}>
                    拒绝
                  </Button>
                )}
                {canResolve && o.status === 'review' && (
                  <>
                    <Button size="small" type="primary" onClick={() => start(o, 'credit')}>
                      按实收入账
                    </Button>
                    <Button size="small" danger onClick={() => start(o, 'close')}>
                      关闭
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ReasonModal
        open={pending !== null}
        title={
          { confirm: '确认到账', reject: '拒绝存款', credit: '按实收入账', close: '关闭订单' }[
            pending?.action ?? 'confirm'
          ]
        }
        required={pending?.action !== 'confirm'}
        onCancel={() => setPending(null)}
        onOk={run}
        busy={confirm.isPending || reject.isPending || resolve.isPending}
      />
      {stepUp.dialog}
    </>
  );
}
