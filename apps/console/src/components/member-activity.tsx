import { MemberNoteRequest } from '@nebula/protocol/api/admin/member-detail.schemas';
import { App, Button, Form, Input, List, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { ExportButton } from './export-button';
import { formatTime } from './page-header';
import { ReasonModal } from './reason-modal';
import { useAdminMutation, useAdminQuery, useCan } from './use-admin-query';
import { zodRule } from './zod-rule';

type Login = ResponseOf<'adminMemberLogins'>['list'][number];
type Device = ResponseOf<'adminMemberDevices'>['list'][number];
type LoginResult = NonNullable<NonNullable<RequestOf<'adminMemberLogins'>['query']>['result']>;
type DeviceStatus = NonNullable<NonNullable<RequestOf<'adminMemberDevices'>['query']>['status']>;

const LOGIN_RESULTS: Record<LoginResult, string> = {
  success: '成功',
  failed: '失败',
  risky: '有风险',
};
const DEVICE_STATUS: Record<DeviceStatus, string> = {
  trusted: '已信任',
  untrusted: '未信任',
  blocked: '已禁用',
};
const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const toolbar = { marginBottom: 12 } as const;

/** 登录记录: time, IP, device and result of every sign-in, newest first, by result; CSV. */
export function MemberLogins({ memberId }: { memberId: number }) {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<LoginResult>();
  const logins = useAdminQuery('adminMemberLogins', {
    params: { memberId },
    query: { result, page, pageSize: 20 },
  });
  return (
    <>
      <Space wrap style={toolbar}>
        <Select
          aria-label="登录结果"
          allowClear
          placeholder="全部结果"
          style={{ width: 140 }}
          value={result}
          onChange={(v: LoginResult) => {
            setResult(v);
            setPage(1);
          }}
          options={optionsOf(LOGIN_RESULTS)}
        />
        <ExportButton
          route="adminExportMemberLogins"
          req={{ query: { memberId, result } }}
          fileName={`member-${memberId}-logins.csv`}
        />
      </Space>
      <Table<Login>
        rowKey="id"
        size="small"
        loading={logins.isLoading}
        dataSource={logins.data?.list}
        pagination={{ current: page, pageSize: 20, total: logins.data?.total, onChange: setPage }}
        columns={[
          { title: '时间', dataIndex: 'time', render: formatTime, width: 180 },
          { title: 'IP', dataIndex: 'ip' },
          { title: '设备', dataIndex: 'device', ellipsis: true },
          { title: '设备 ID', dataIndex: 'deviceId', ellipsis: true },
          {
            title: '结果',
            render: (_, l) => (
              <>
                {l.success ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>}
                {l.risky && <Tag color="orange">风险{l.riskReason ? `：${l.riskReason}` : ''}</Tag>}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

/** 设备: every device the member used, by status, server-paged; an operator may block one. */
export function MemberDevices({ memberId }: { memberId: number }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeviceStatus>();
  const devices = useAdminQuery('adminMemberDevices', {
    params: { memberId },
    query: { status, page, pageSize: 20 },
  });
  const block = useAdminMutation('adminDeviceBlock');
  const canBlock = useCan('adminDeviceBlock');
  const [target, setTarget] = useState<Device | null>(null);
  return (
    <>
      <Space wrap style={toolbar}>
        <Select
          aria-label="设备状态"
          allowClear
          placeholder="全部设备"
          style={{ width: 140 }}
          value={status}
          onChange={(v: DeviceStatus) => {
            setStatus(v);
            setPage(1);
          }}
          options={optionsOf(DEVICE_STATUS)}
        />
        <ExportButton
          route="adminExportMemberDevices"
          req={{ query: { memberId, status } }}
          fileName={`member-${memberId}-devices.csv`}
        />
      </Space>
      <Table<Device>
        rowKey="deviceId"
        size="small"
        loading={devices.isLoading}
        dataSource={devices.data?.list}
        pagination={{
          current: page,
          pageSize: 20,
          total: devices.data?.total,
          onChange: setPage,
        }}
        columns={[
          { title: '设备', dataIndex: 'label', render: (v: string) => v || '—' },
          { title: '设备 ID', dataIndex: 'deviceId', ellipsis: true },
          { title: '最近 IP', dataIndex: 'lastIp' },
          { title: '首次使用', dataIndex: 'firstSeenAt', render: formatTime },
          { title: '最近使用', dataIndex: 'lastSeenAt', render: formatTime },
          {
            title: '状态',
            render: (_, d) => (
              <>
                {d.trusted ? <Tag color="green">已信任</Tag> : <Tag>未信任</Tag>}
                {d.blocked && <Tag color="red">已禁用</Tag>}
              </>
            ),
          },
          {
            title: '操作',
            render: (_, d) =>
              canBlock && (
                <Button size="small" danger={!d.blocked} onClick={() => setTarget(d)}>
                  {d.blocked ? '启用' : '禁用'}
                </Button>
              ),
          },
        ]}
      />
      <ReasonModal
        open={target !== null}
        title={target?.blocked ? '启用设备' : '禁用设备'}
        busy={block.isPending}
        onCancel={() => setTarget(null)}
        onOk={(reason) =>
          target &&
          block.mutate(
            { req: { body: { deviceId: target.deviceId, blocked: !target.blocked, reason } } },
            {
              onSuccess: () => {
                setTarget(null);
                void message.success('已处理');
              },
              onError: (err) => void message.error(errorText(err)),
            },
          )
        }
      />
    </>
  );
}

/** 备注: operators' notes on the member, newest first, by author; adding one is audited. */
export function MemberNotes({ memberId }: { memberId: number }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [author, setAuthor] = useState<string>();
  const notes = useAdminQuery('adminMemberNotes', {
    params: { memberId },
    query: { author, page, pageSize: 20 },
  });
  const add = useAdminMutation('adminMemberNoteAdd');
  const canAdd = useCan('adminMemberNoteAdd');
  const [form] = Form.useForm<{ text: string }>();
  return (
    <>
      {canAdd && (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12 }}
          onFinish={(v) =>
            add.mutate(
              { req: { params: { memberId }, body: v } },
              {
                onSuccess: () => {
                  form.resetFields();
                  void message.success('已添加备注');
                },
                onError: (err) => void message.error(errorText(err)),
              },
            )
          }
        >
          <Form.Item
            name="text"
            style={{ flex: 1 }}
            rules={[zodRule(MemberNoteRequest, 'text', '请填写备注（500 字以内）')]}
          >
            <Input.TextArea rows={2} maxLength={500} placeholder="添加备注" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            添加备注
          </Button>
        </Form>
      )}
      <Space wrap style={toolbar}>
        <Input.Search
          aria-label="作者"
          allowClear
          placeholder="按作者筛选"
          style={{ width: 200 }}
          onSearch={(v) => {
            setAuthor(v.trim() || undefined);
            setPage(1);
          }}
        />
        <ExportButton
          route="adminExportMemberNotes"
          req={{ query: { memberId, author } }}
          fileName={`member-${memberId}-notes.csv`}
        />
      </Space>
      <List
        loading={notes.isLoading}
        dataSource={notes.data?.list}
        locale={{ emptyText: '暂无备注' }}
        pagination={
          (notes.data?.total ?? 0) > 20
            ? { current: page, pageSize: 20, total: notes.data?.total, onChange: setPage }
            : false
        }
        renderItem={(n) => (
          <List.Item>
            <List.Item.Meta
              title={`${n.author} · ${formatTime(n.createdAt)}`}
              description={n.text}
            />
          </List.Item>
        )}
      />
    </>
  );
}
