import { Alert, Button, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { OperatorCreateRequest } from '@nebula/protocol/api/operators/operators.schemas';
import { ReasonModal } from '../components/reason-modal';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { formatTime, PageHeader } from '../components/page-header';
import { ExportButton } from '../components/export-button';
import { Panel } from '../components/panel';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { RoleSelect } from '../components/role-select';
import { RolesPanel } from './roles-panel';
import { useConsole } from '../session/console-context';
import { FormModal } from '../components/form-modal';

type Operator = ResponseOf<'adminOperators'>['list'][number];
/** The list's filters (the export sends the same ones). */
interface OperatorFilters {
  q?: string | undefined;
  roleId?: number | undefined;
  status?: 'enabled' | 'disabled' | undefined;
}
interface NewOperator {
  userName: string;
  password: string;
  roleId: number;
}

/**
 * Operators and their roles (`roles-panel.tsx`); each role is a set of the protocol's permissions. Creating and
 * editing roles and operators needs a fresh step-up (`operators`) and is audited by the server.
 */
export function Page() {
  const { call, session } = useConsole();
  // The server refuses changes to one's own account (9612): the controls say so up front.
  const mine = (o: Operator) => o.userName === session?.userName;
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<OperatorFilters>({});
  const operators = useAdminQuery('adminOperators', { query: { ...filters, page, pageSize: 20 } });
  const canResetFactor = useCan('adminTotpReset');
  const resetStep = useStepUpRetry('adminTotpReset');
  const [resetting, setResetting] = useState<Operator | null>(null);
  const canEditOperators = useCan('adminOperatorUpdate');
  const opStep = useStepUpRetry('adminOperatorUpdate');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [opForm] = Form.useForm<NewOperator>();
  const error = operators.error;

  const updateOperator = (o: Operator, body: { roleId?: number; disabled?: boolean }) =>
    void opStep.run(() => call('adminOperatorUpdate', { params: { operatorId: o.id }, body }));
  const resetFactor = async (o: Operator, reason: string) => {
    setBusy(true);
    await resetStep.run(
      () => call('adminTotpReset', { params: { operatorId: o.id }, body: { reason } }),
      () => setResetting(null),
    );
    setBusy(false);
  };
  const filter = (patch: OperatorFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const createOperator = async (v: NewOperator) => {
    setBusy(true);
    await opStep.run(
      () => call('adminOperatorCreate', { body: v }),
      () => {
        setCreating(false);
        opForm.resetFields();
      },
    );
    setBusy(false);
  };

  return (
    <>
      <PageHeader title="运营人员与角色" />
      {error && <Alert type="error" title={errorText(error)} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <RolesPanel />
        <Panel title="运营人员">
          <Space style={{ marginBottom: 12 }}>
            {canEditOperators && <Button onClick={() => setCreating(true)}>新建运营人员</Button>}
            <Input.Search
              aria-label="账号搜索"
              placeholder="账号"
              allowClear
              maxLength={32}
              style={{ width: 180 }}
              onSearch={(v) => filter({ q: v.trim() || undefined })}
            />
            <RoleSelect
              aria-label="按角色筛选"
              allowClear
              placeholder="全部角色"
              style={{ width: 150 }}
              value={filters.roleId}
              onChange={(roleId?: number) => filter({ roleId })}
            />
            <Select
              aria-label="按状态筛选"
              allowClear
              placeholder="全部状态"
              style={{ width: 120 }}
              options={[
                { value: 'enabled', label: '启用' },
                { value: 'disabled', label: '停用' },
              ]}
              value={filters.status}
              onChange={(status?: 'enabled' | 'disabled') => filter({ status })}
            />
            <ExportButton
              route="adminExportOperators"
              req={{ query: filters }}
              fileName="operators.csv"
            />
          </Space>
          <Table<Operator>
            rowKey="id"
            size="small"
            loading={operators.isLoading}
            dataSource={operators.data?.list}
            pagination={{
              current: page,
              pageSize: 20,
              total: operators.data?.total,
              onChange: setPage,
            }}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 70 },
              { title: '账号', dataIndex: 'userName' },
              {
                title: '角色',
                render: (_, o) =>
                  canEditOperators && !mine(o) ? (
                    <RoleSelect
                      aria-label={`${o.userName} 的角色`}
                      size="small"
                      style={{ width: 160 }}
                      value={o.roleId}
                      current={{ value: o.roleId, label: o.roleName }}
                      onChange={(roleId: number) => updateOperator(o, { roleId })}
                    />
                  ) : (
                    o.roleName
                  ),
              },
              {
                title: '两步验证',
                render: (_, o) => (
                  <Space size="small">
                    {o.totpEnabled ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>}
                    {canResetFactor && o.totpEnabled && !mine(o) && (
                      <Button size="small" danger onClick={() => setResetting(o)}>
                        重置
                      </Button>
                    )}
                  </Space>
                ),
              },
              {
                title: '启用',
                render: (_, o) => (
                  <Switch
                    size="small"
                    checked={!o.disabled}
                    disabled={!canEditOperators || mine(o)}
                    onChange={(on) => updateOperator(o, { disabled: !on })}
                  />
                ),
              },
              { title: '创建时间', dataIndex: 'createdAt', render: formatTime },
            ]}
          />
        </Panel>
      </Space>
      <FormModal
        form={opForm}
        open={creating}
        title="新建运营人员"
        okText="创建"
        busy={busy}
        onClose={() => setCreating(false)}
        keep
        onSubmit={(v) => void createOperator(v)}
      >
        <Form.Item
          name="userName"
          label="账号"
          rules={[
            zodRule(OperatorCreateRequest, 'userName', '字母开头，3–32 位字母、数字或下划线'),
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label="初始密码"
          rules={[zodRule(OperatorCreateRequest, 'password', '密码至少 10 位')]}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="roleId"
          label="角色"
          rules={[zodRule(OperatorCreateRequest, 'roleId', '请选择角色')]}
        >
          <RoleSelect />
        </Form.Item>
      </FormModal>
      <ReasonModal
        open={resetting !== null}
        title={`重置 ${resetting?.userName ?? ''} 的两步验证`}
        busy={busy}
        onCancel={() => setResetting(null)}
        onOk={(reason) => resetting && void resetFactor(resetting, reason)}
      />
      {opStep.dialog}
      {resetStep.dialog}
    </>
  );
}
