import {
  ADMIN_PERMISSION_LABELS,
  ADMIN_PERMISSIONS,
  type AdminPermission,
} from '@nebula/protocol/api/admin/permissions';
import { RoleCreateRequest } from '@nebula/protocol/api/operators/operators.schemas';
import { Form, Input, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect } from 'react';
import { zodRule } from './zod-rule';
import { FormModal } from './form-modal';

/** The tree's branches: a permission's first segment (`member.read` → member). */
const GROUP_LABELS: Record<string, string> = {
  member: '会员',
  realname: '实名',
  wallet: '钱包',
  deposit: '存款',
  withdraw: '取款',
  turnover: '流水',
  transfer: '场馆转账',
  settings: '站点设置',
  content: '内容',
  chat: '聊天室',
  venue: '场馆',
  rg: '责任博彩',
  promo: '优惠',
  agent: '代理',
  report: '报表',
  audit: '审计',
  operator: '运营人员',
};
const groupOf = (p: string) => p.split('.')[0] ?? p;
const GROUP_KEY = (g: string) => `group:${g}`;

/** Every permission of the protocol's list, grouped; leaves are the permission names. */
export const PERMISSION_TREE: DataNode[] = [...new Set(ADMIN_PERMISSIONS.map(groupOf))].map(
  (g) => ({
    key: GROUP_KEY(g),
    title: GROUP_LABELS[g] ?? g,
    children: ADMIN_PERMISSIONS.filter((p) => groupOf(p) === g).map((p) => ({
      key: p,
      title: `${ADMIN_PERMISSION_LABELS[p]}（${p}）`,
    })),
  }),
);

/** The checked leaves only: a group's key is the tree's, never a permission. */
export const permissionsOfKeys = (keys: readonly React.Key[]): AdminPermission[] =>
  ADMIN_PERMISSIONS.filter((p) => keys.includes(p));

export interface RoleValues {
  name: string;
  permissions: AdminPermission[];
}

/** Create or edit a role: its name and its permissions as a checkbox tree. */
export function RoleEditor(props: {
  open: boolean;
  initial: RoleValues | null;
  busy: boolean;
  onCancel: () => void;
  onSave: (v: RoleValues) => void;
}) {
  const [form] = Form.useForm<RoleValues>();
  useEffect(() => {
    if (props.open) form.setFieldsValue(props.initial ?? { name: '', permissions: [] });
  }, [props.open, props.initial, form]);
  return (
    <FormModal
      form={form}
      open={props.open}
      title={props.initial ? '编辑角色' : '新建角色'}
      busy={props.busy}
      onClose={props.onCancel}
      onSubmit={props.onSave}
    >
      <Form.Item
        name="name"
        label="角色名称"
        rules={[zodRule(RoleCreateRequest, 'name', '请填写角色名称（32 字以内）')]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="permissions"
        label="权限"
        valuePropName="checkedKeys"
        trigger="onCheck"
        getValueFromEvent={(checked: React.Key[] | { checked: React.Key[] }) =>
          permissionsOfKeys(Array.isArray(checked) ? checked : checked.checked)
        }
        rules={[zodRule(RoleCreateRequest, 'permissions')]}
      >
        <Tree checkable defaultExpandAll selectable={false} treeData={PERMISSION_TREE} />
      </Form.Item>
    </FormModal>
  );
}
