import { Alert, Button, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { formatTime } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { AGENT_APPLICATION_STATUS_LABELS, labelOf, optionsOf } from '../components/reward-labels';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { ExportButton } from '../components/export-button';

type Application = ResponseOf<'adminAgentApplications'>['list'][number];
type Status = NonNullable<NonNullable<RequestOf<'adminAgentApplications'>['query']>['status']>;
type Deciding = { application: Application; approve: boolean };

/** Agent applications: approve one (the member becomes an agent) or reject it with a reason. */
export function AgentApplicationsPanel() {
  const [status, setStatus] = useState<Status | undefined>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminAgentApplications', { query: { status, page, pageSize: 20 } });
  const decide = useAdminMutation('adminAgentApplicationDecide');
  const canDecide = useCan('adminAgentApplicationDecide');
  const feedback = useActionFeedback();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const run = (reason: string) => {
    if (!deciding) return;
    decide.mutate(
      {
        req: {
          params: { applicationId: deciding.application.id },
          body: { approve: deciding.approve, reason: reason || undefined },
        },
      },
      {
        onSuccess: () => {
          setDeciding(null);
          feedback.done(deciding.approve ? '已通过' : '已拒绝');
        },
        onError: feedback.failed,
      },
    );
  };
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label="申请状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          options={optionsOf(AGENT_APPLICATION_STATUS_LABELS)}
          onChange={(v: Status | undefined) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <ExportButton
          route="adminExportAgentApplications"
          req={{ query: { status } }}
          fileName="agent-applications.csv"
        />
      </Space>
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Application>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: '编号', dataIndex: 'id' },
          { title: '会员', dataIndex: 'userName' },
          { title: '联系方式', dataIndex: 'contact' },
          { title: '备注', dataIndex: 'note' },
          { title: '申请时间', dataIndex: 'createdAt', render: formatTime },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag>{labelOf(AGENT_APPLICATION_STATUS_LABELS, s)}</Tag>,
          },
          { title: '原因', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
          {
            title: '操作',
            render: (_, a) =>
              canDecide &&
              a.status === 'pending' && (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => setDeciding({ application: a, approve: true })}
                  >
                    通过
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => setDeciding({ application: a, approve: false })}
                  >
                    拒绝
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <ReasonModal
        open={deciding !== null}
        title={deciding?.approve ? '通过代理申请' : '拒绝代理申请'}
        required={deciding?.approve === false}
        busy={decide.isPending}
        maxLength={100}
        onCancel={() => setDeciding(null)}
        onOk={run}
      />
    </>
  );
}
