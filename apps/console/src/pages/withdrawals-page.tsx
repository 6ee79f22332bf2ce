import { Alert, App, Button, Select, Space, Table } from 'antd';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { ApiError, errorText } from '../api/api-error';

/** The server filed the approval as a four-eyes request (docs/contract.md §2.1). */
const APPROVAL_PENDING = 9602;
import { newIdempotencyKey } from '../api/client';
import { ExportButton } from '../components/export-button';
import { OrderStatusTag, ORDER_STATUS_OPTIONS } from '../components/order-status';
import { formatTime, PageHeader } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

type Order = ResponseOf<'adminWithdrawals'>['list'][number];
type Status = NonNullable<NonNullable<RequestOf<'adminWithdrawals'>['query']>['status']>;
type Pending = { order: Order; action: 'approve' | 'reject'; key: string };

/**
 * Withdrawals in review (a withdrawal waits in `review` from its request, docs/contract.md):
 * approve (paid out) or reject (the amount returns to the member).
 */
export function Page() {
  const [status, setStatus] = useState<Status | undefined>('review');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const orders = useAdminQuery('adminWithdrawals', { query: { status, page, pageSize } });
  const approve = useAdminMutation('adminWithdrawApprove');
  const reject = useAdminMutation('adminWithdrawReject');
  const canApprove = useCan('adminWithdrawApprove');
  const canReject = useCan('adminWithdrawReject');
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending | null>(null);
  // Paying out is a money action: 9600 asks for a fresh step-up, then the same request again.
  const stepUp = useStepUpRetry('adminWithdrawApprove');
  const handlers = (again: () => void) => ({
    onSuccess: () => {
      setPending(null);
      void message.success('已处理');
    },
    onError: (err: Error) => {
      if (stepUp.asked(err, again)) return;
      // A large withdrawal waits for a second operator (four eyes): 待复核, not a failure.
      if (err instanceof ApiError && err.code === APPROVAL_PENDING) {
        setPending(null);
        void message.info(`待复核：${err.message}`);
      } else void message.error(errorText(err));
    },
  });
  const run = (reason: string) => {
    if (!pending) return;
    const params = { orderId: pending.order.orderId };
    const opts = { idempotencyKey: pending.key };
    const h = handlers(() => run(reason));
    if (pending.action === 'approve')
      approve.mutate({ req: { params, body: { reason: reason || undefined } }, opts }, h);
    else reject.mutate({ req: { params, body: { reason } }, opts }, h);
  };
  return (
    <>
      <PageHeader
        title="取款审核"
        extra={
          <Space>
            <Select
              aria-label="状态"
              allowClear
              placeholder="全部状态"
              style={{ width: 160 }}
              value={status}
              options={ORDER_STATUS_OPTIONS.filter((o) =>
                ['review', 'paid', 'rejected'].includes(o.value),
              )}
              onChange={(v: Status | undefined) => {
                setStatus(v);
                setPage(1);
              }}
            />
            <ExportButton
              route="adminExportWithdrawals"
              req={{ query: { status } }}
              fileName="withdrawals.csv"
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
          { title: '金额（元）', dataIndex: 'amount' },
          { title: '收款账户', render: (_, o) => `${o.accountLabel} ${o.accountNo}` },
          { title: '户名', dataIndex: 'holder', render: (v: string | null) => v ?? '—' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <OrderStatusTag status={s} />,
          },
          { title: '申请时间', dataIndex: 'createdAt', render: formatTime },
          {
            title: '操作',
            render: (_, o) =>
              o.status === 'review' && (
                <Space>
                  {canApprove && (
                    <Button
                      size="small"
                      type="primary"
                      onClick={() =>
                        setPending({ order: o, action: 'approve', key: newIdempotencyKey() })
                      }
                    >
                      批准出款
                    </Button>
                  )}
                  {canReject && (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        setPending({ order: o, action: 'reject', key: newIdempotencyKey() })
                      }
                    >
                      拒绝
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <ReasonModal
        open={pending !== null}
        title={pending?.action === 'reject' ? '拒绝取款' : '批准出款'}
        required={pending?.action === 'reject'}
        onCancel={() => setPending(null)}
        onOk={run}
        busy={approve.isPending || reject.isPending}
      />
      {stepUp.dialog}
    </>
  );
}
