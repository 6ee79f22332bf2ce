import { Button, Input, Select, Space, Table, Tag } from 'antd';
import {
  ADMIN_PERMISSION_LABELS,
  ADMIN_PERMISSIONS,
  type AdminPermission,
} from '@nebula/protocol/api/admin/permissions';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { ExportButton } from '../components/export-button';
import { Panel } from '../components/panel';
import { RoleEditor, type RoleValues } from '../components/role-editor';
import { useStepUpRetry } from '../components/step-up-retry';
import { useAdminQuery, useCan } from '../components/use-admin-query';
import { useConsole } from '../session/console-context';
import { pagination } from '../components/list-filter-bar';

type Role = ResponseOf<'adminRoles'>['list'][number];
/** The list's filters (the export sends the same ones). */
interface RoleFilters {
  q?: string | undefined;
  permission?: AdminPermission | undefined;
}
const PERMISSION_OPTIONS = ADMIN_PERMISSIONS.map((p) => ({
  value: p,
  label: ADMIN_PERMISSION_LABELS[p] ?? p,
}));

/**
 * 角色: the roles paged and filtered on the server (part of the name, a permission a role
 * holds); creating and editing a role needs a fresh step-up (`operators`), audited by the
 * server.
 */
export function RolesPanel() {
  const { call } = useConsole();
  const [filters, setFilters] = useState<RoleFilters>({});
  const [page, setPage] = useState(1);
  const roles = useAdminQuery('adminRoles', { query: { ...filters, page, pageSize: 20 } });
  const canEdit = useCan('adminRoleUpdate');
  const step = useStepUpRetry('adminRoleUpdate');
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const filter = (patch: RoleFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const save = async (v: RoleValues) => {
    setBusy(true);
    const target = editing;
    await step.run(
      () =>
        target && target !== 'new'
          ? call('adminRoleUpdate', { params: { roleId: target.id }, body: v })
          : call('adminRoleCreate', { body: v }),
      () => setEditing(null),
    );
    setBusy(false);
  };
  return (
    <Panel title="角色">
      <Space style={{ marginBottom: 12 }} wrap>
        {canEdit && <Button onClick={() => setEditing('new')}>新建角色</Button>}
        <Input.Search
          aria-label="角色搜索"
          placeholder="角色名称"
          allowClear
          maxLength={32}
          style={{ width: 160 }}
          onSearch={(v) => filter({ q: v.trim() || undefined })}
        />
        <Select
          aria-label="按权限筛选"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部权限"
          style={{ width: 200 }}
          options={PERMISSION_OPTIONS}
          value={filters.permission}
          onChange={(permission?: AdminPermission) => filter({ permission })}
        />
        <ExportButton route="adminExportRoles" req={{ query: filters }} fileName="roles.csv" />
      </Space>
      <Table<Role>
        rowKey="id"
        size="small"
        loading={roles.isLoading}
        dataSource={roles.data?.list}
        pagination={pagination(page, roles.data?.total, setPage)}
        columns={[
          { title: '名称', dataIndex: 'name', width: 140 },
          { title: '人数', dataIndex: 'operatorCount', width: 80 },
          {
            title: '权限',
            render: (_, r) =>
              r.superuser ? (
                <Tag color="gold">全部权限</Tag>
              ) : (
                r.permissions.map((p) => <Tag key={p}>{ADMIN_PERMISSION_LABELS[p] ?? p}</Tag>)
              ),
          },
          {
            title: '操作',
            width: 90,
            render: (_, r) =>
              canEdit &&
              !r.superuser && (
                <Button size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
              ),
          },
        ]}
      />
      <RoleEditor
        open={editing !== null}
        initial={
          editing && editing !== 'new'
            ? { name: editing.name, permissions: editing.permissions }
            : null
        }
        busy={busy}
        onCancel={() => setEditing(null)}
        onSave={(v) => void save(v)}
      />
      {step.dialog}
    </Panel>
  );
}
