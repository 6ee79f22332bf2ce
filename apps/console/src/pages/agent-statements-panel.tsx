import { Alert, Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { CommissionOverrideRequest, monthString } from '@nebula/protocol/api/agent/agent.schemas';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { newIdempotencyKey } from '../api/client';
import { useActionFeedback } from '../components/action-feedback';
import { labelOf, optionsOf, STATEMENT_STATUS_LABELS } from '../components/reward-labels';
import { shanghaiDay } from '../components/shanghai-time';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { ExportButton } from '../components/export-button';
import { FormModal } from '../components/form-modal';

type Statement = ResponseOf<'adminAgentStatements'>['list'][number];
type Status = NonNullable<NonNullable<RequestOf<'adminAgentStatements'>['query']>['status']>;
type OverrideBody = RequestOf<'adminAgentStatementOverride'>['body'];

/** Last Shanghai month as `YYYYMM`: the month a statement run usually closes. */
function lastMonth(): string {
  const [y, m] = shanghaiDay().split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}12` : `${y}${String(m - 1).padStart(2, '0')}`;
}

function OverrideModal({
  statement,
  busy,
  onCancel,
  onSubmit,
}: {
  statement: Statement | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: OverrideBody) => void;
}) {
  const [form] = Form.useForm<OverrideBody>();
  return (
    <FormModal
      form={form}
      open={statement !== null}
      title={`调整佣金：${statement?.agentName ?? ''} ${statement?.month ?? ''}`}
      busy={busy}
      onClose={onCancel}
      onSubmit={onSubmit}
      initialValues={{ amount: statement?.amount }}
    >
      <Form.Item
        label="佣金（元）"
        name="amount"
        extra={`按规则计算：${statement?.computed ?? '—'} 元`}
        rules={[zodRule(CommissionOverrideRequest, 'amount', '金额格式：两位小数，如 100.00')]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="原因"
        name="reason"
        rules={[zodRule(CommissionOverrideRequest, 'reason', '请填写原因（2–100 字）')]}
      >
        <Input.TextArea rows={2} maxLength={100} />
      </Form.Item>
    </FormModal>
  );
}

/** Commission statements per month: generate a month, adjust an amount, pay (approve) it. */
export function AgentStatementsPanel() {
  const [month, setMonth] = useState(lastMonth());
  const [status, setStatus] = useState<Status | undefined>();
  const [page, setPage] = useState(1);
  const validMonth = monthString.safeParse(month).success;
  const list = useAdminQuery(
    'adminAgentStatements',
    { query: { month, status, page, pageSize: 20 } },
    { enabled: validMonth },
  );
  const runMonth = useAdminMutation('adminAgentStatementRun');
  const override = useAdminMutation('adminAgentStatementOverride');
  const approve = useAdminMutation('adminAgentStatementApprove');
  const canRun = useCan('adminAgentStatementRun');
  const canPay = useCan('adminAgentStatementApprove');
  const feedback = useActionFeedback();
  const [adjusting, setAdjusting] = useState<Statement | null>(null);
  const params = (s: Statement) => ({ agentId: s.agentId, month: s.month });
  // A payout is a money action: 9600 asks for a fresh step-up, then the same key again.
  const stepUp = useStepUpRetry('adminAgentStatementApprove');
  const pay = (s: Statement, key = newIdempotencyKey()): void =>
    approve.mutate(
      { req: { params: params(s), body: {} }, opts: { idempotencyKey: key } },
      {
        onSuccess: () => feedback.done('已发放'),
        onError: (err) => {
          if (!stepUp.asked(err, () => pay(s, key))) feedback.failed(err);
        },
      },
    );
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Input
          aria-label="月份"
          placeholder="YYYYMM"
          style={{ width: 120 }}
          value={month}
          status={validMonth ? undefined : 'error'}
          onChange={(e) => {
            setMonth(e.target.value.trim());
            setPage(1);
          }}
        />
        <Select
          aria-label="报表状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          options={optionsOf(STATEMENT_STATUS_LABELS)}
          onChange={(v: Status | undefined) => setStatus(v)}
        />
        {canRun && (
          <Button
            disabled={!validMonth}
            loading={runMonth.isPending}
            onClick={() =>
              runMonth.mutate(
                { req: { body: { month } } },
                {
                  onSuccess: (r) => feedback.done(`已生成 ${r.month} 报表 ${r.statements} 份`),
                  onError: feedback.failed,
                },
              )
            }
          >
            生成报表
          </Button>
        )}
        <ExportButton
          route="adminExportAgentStatements"
          req={{ query: { month: validMonth ? month : undefined, status } }}
          fileName="agent-statements.csv"
        />
      </Space>
      {!validMonth && <Alert type="warning" title="月份格式：YYYYMM，如 202611" />}
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Statement>
        rowKey={(s) => `${s.agentId}-${s.month}`}
        loading={validMonth && list.isLoading}
        dataSource={validMonth ? list.data?.list : []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: '代理', dataIndex: 'agentName' },
          { title: '月份', dataIndex: 'month' },
          { title: '下线 / 活跃', render: (_, s) => `${s.members} / ${s.active}` },
          { title: '净输赢（元）', dataIndex: 'ngr' },
          { title: '净额（元）', dataIndex: 'net' },
          { title: '比例', dataIndex: 'ratePercent', render: (r: string) => `${r}%` },
          { title: '计算佣金', dataIndex: 'computed' },
          { title: '佣金（元）', dataIndex: 'amount' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag>{labelOf(STATEMENT_STATUS_LABELS, s)}</Tag>,
          },
          {
            title: '操作',
            render: (_, s) =>
              canPay &&
              s.status === 'pending' && (
                <Space>
                  <Button size="small" onClick={() => setAdjusting(s)}>
                    调整金额
                  </Button>
                  <Popconfirm
                    title={`发放 ${s.agentName} ${s.month} 佣金 ${s.amount} 元？`}
                    okText="发放"
                    cancelText="取消"
                    onConfirm={() => pay(s)}
                  >
                    <Button size="small" type="primary">
                      发放
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <OverrideModal
        statement={adjusting}
        busy={override.isPending}
        onCancel={() => setAdjusting(null)}
        onSubmit={(body) => {
          if (!adjusting) return;
          override.mutate(
            { req: { params: params(adjusting), body } },
            {
              onSuccess: () => {
                setAdjusting(null);
                feedback.done();
              },
              onError: feedback.failed,
            },
          );
        }}
      />
      {stepUp.dialog}
    </>
  );
}
