import { Alert, App, Button, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { adminRoute, isAdminRoute, type RequestOf, type ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useConsole } from '../session/console-context';
import { formatTime, PageHeader } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminMutation, useAdminQuery } from '../components/use-admin-query';
import { valueText } from '../components/value-cell';
import { ExportButton } from '../components/export-button';

type Approval = ResponseOf<'adminApprovals'>['list'][number];
type Status = NonNullable<NonNullable<RequestOf<'adminApprovals'>['query']>['status']>;

const STATUS: Record<string, [string, string]> = {
  pending: ['待复核', 'orange'],
  approved: ['已批准', 'green'],
  rejected: ['已驳回', 'red'],
  expired: ['已过期', 'default'],
};

/**
 * Four eyes: money actions above the threshold wait here until a different operator holding
 * the approving permission decides. The requester sees their own request but cannot decide it.
 */
export function Page() {
  const { session } = useConsole();
  const { message } = App.useApp();
  const [status, setStatus] = useState<Status | undefined>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminApprovals', { query: { status, page, pageSize: 20 } });
  const approve = useAdminMutation('adminApprovalApprove');
  const reject = useAdminMutation('adminApprovalReject');
  const [rejecting, setRejecting] = useState<Approval | null>(null);
  // Approving runs the action: a money action asks the approver for a fresh step-up (9600).
  const stepUp = useStepUpRetry('adminApprovalApprove');
  const handlers = (text: string, again?: () => void) => ({
    onSuccess: () => {
      setRejecting(null);
      void message.success(text);
    },
    onError: (err: Error) => {
      if (!again || !stepUp.asked(err, again)) void message.error(errorText(err));
    },
  });
  const approveOne = (id: number): void =>
    approve.mutate(
      { req: { params: { approvalId: id }, body: {} } },
      handlers('已批准并执行', () => approveOne(id)),
    );
  const mayDecide = (a: Approval) =>
    a.status === 'pending' &&
    a.requestedBy !== session?.userName &&
    (session?.permissions ?? []).includes(a.approve);
  return (
    <>
      <PageHeader
        title="待复核"
        extra={
          <Space>
            <Select
              aria-label="状态"
              allowClear
              placeholder="全部状态"
              style={{ width: 140 }}
              value={status}
              options={Object.entries(STATUS).map(([value, [label]]) => ({ value, label }))}
              onChange={(v: Status | undefined) => {
                setStatus(v);
                setPage(1);
              }}
            />
            <ExportButton
              route="adminExportApprovals"
              req={{ query: { status } }}
              fileName="approvals.csv"
            />
          </Space>
        }
      />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Approval>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          {
            title: '操作',
            dataIndex: 'action',
            // The route's own Chinese summary from the route table, not its code name.
            render: (a: string) => (isAdminRoute(a) ? adminRoute(a).summary : a),
          },
          { title: '对象', dataIndex: 'target' },
          { title: '金额（元）', dataIndex: 'amount', render: (v: string | null) => v ?? '—' },
          { title: '内容', dataIndex: 'payload', render: valueText, ellipsis: true },
          { title: '申请人', dataIndex: 'requestedBy' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag color={STATUS[s]?.[1]}>{STATUS[s]?.[0] ?? s}</Tag>,
          },
          { title: '到期', dataIndex: 'expiresAt', render: formatTime },
          {
            title: '处理',
            render: (_, a) =>
              a.status !== 'pending' ? (
                (a.decidedBy ?? '—')
              ) : mayDecide(a) ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => approveOne(a.id)}>
                    批准
                  </Button>
                  <Button size="small" danger onClick={() => setRejecting(a)}>
                    驳回
                  </Button>
                </Space>
              ) : a.requestedBy === session?.userName ? (
                '待其他运营人员复核'
              ) : (
                '无复核权限'
              ),
          },
        ]}
      />
      <ReasonModal
        open={rejecting !== null}
        title="驳回复核请求"
        onCancel={() => setRejecting(null)}
        onOk={(reason) =>
          rejecting &&
          reject.mutate(
            { req: { params: { approvalId: rejecting.id }, body: { reason } } },
            handlers('已驳回'),
          )
        }
        busy={reject.isPending}
      />
      {stepUp.dialog}
    </>
  );
}
