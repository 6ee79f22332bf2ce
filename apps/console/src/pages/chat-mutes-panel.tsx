import { Alert, Button, Form, Input, InputNumber, Table, Tag } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { AdminChatMuteFilter } from '@nebula/protocol/api/chat/chat-admin.schemas';
import { MuteRequest } from '@nebula/protocol/api/chat/chat.schemas';
import { MemberIdParams } from '@nebula/protocol/api/core/common';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { ExportButton } from '../components/export-button';
import { formatTime } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { ListFilterBar, pagination } from '../components/list-filter-bar';
import { FormModal } from '../components/form-modal';

type Mute = ResponseOf<'adminChatMutes'>['list'][number];
type MuteForm = { memberId: string; minutes?: number; reason: string };
const when = (iso: string | null) => (iso ? formatTime(Date.parse(iso)) : '永久');

/** Muted members: paged and filtered, exported; mute a member, or lift a mute with a reason. */
export function ChatMutesPanel() {
  const [filter, setFilter] = useState<z.output<typeof AdminChatMuteFilter>>({});
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminChatMutes', { query: { ...filter, page, pageSize: 20 } });
  const mute = useAdminMutation('adminChatMute');
  const canMute = useCan('adminChatMute');
  const feedback = useActionFeedback();
  const [lifting, setLifting] = useState<Mute | null>(null);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<MuteForm>();
  const closeWith = (close: () => void, text: string) => ({
    onSuccess: () => {
      close();
      feedback.done(text);
    },
    onError: feedback.failed,
  });
  return (
    <>
      <ListFilterBar
        schema={AdminChatMuteFilter}
        fields={[
          { name: 'memberId', label: '会员 ID', message: '请输入会员 ID' },
          {
            name: 'state',
            label: '状态',
            options: [
              { value: 'active', label: '生效中' },
              { value: 'expired', label: '已到期' },
            ],
          },
        ]}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
        extra={
          <>
            <ExportButton
              route="adminExportChatMutes"
              req={{ query: filter }}
              fileName="chat-mutes.csv"
            />
            {canMute && (
              <Button danger onClick={() => setAdding(true)}>
                禁言会员
              </Button>
            )}
          </>
        }
      />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Mute>
        rowKey="memberId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={pagination(page, list.data?.total, setPage)}
        columns={[
          { title: '会员 ID', dataIndex: 'memberId' },
          { title: '用户名', dataIndex: 'userName' },
          { title: '昵称', dataIndex: 'nickname' },
          { title: '原因', dataIndex: 'reason' },
          { title: '结束时间', dataIndex: 'until', render: when },
          { title: '操作人', dataIndex: 'mutedBy' },
          { title: '禁言时间', dataIndex: 'mutedAt', render: (t: string) => when(t) },
          {
            title: '状态',
            dataIndex: 'active',
            render: (a: boolean) => (a ? <Tag color="red">生效中</Tag> : <Tag>已到期</Tag>),
          },
          {
            title: '操作',
            render: (_, m) =>
              canMute && (
                <Button size="small" type="link" onClick={() => setLifting(m)}>
                  解除禁言
                </Button>
              ),
          },
        ]}
      />
      <ReasonModal
        open={lifting !== null}
        title={`解除禁言：${lifting?.userName ?? ''}`}
        busy={mute.isPending}
        onCancel={() => setLifting(null)}
        onOk={(reason) => {
          if (!lifting) return;
          mute.mutate(
            { req: { params: { memberId: lifting.memberId }, body: { muted: false, reason } } },
            closeWith(() => setLifting(null), '已解除禁言'),
          );
        }}
      />
      <FormModal
        form={form}
        name="chat-mute"
        open={adding}
        title="禁言会员"
        okText="禁言"
        danger
        busy={mute.isPending}
        onClose={() => setAdding(false)}
        onSubmit={(v) =>
          mute.mutate(
            {
              req: {
                params: { memberId: Number(v.memberId) },
                body: { muted: true, minutes: v.minutes, reason: v.reason },
              },
            },
            closeWith(() => setAdding(false), '已禁言'),
          )
        }
      >
        <Form.Item
          label="会员 ID"
          name="memberId"
          rules={[zodRule(MemberIdParams, 'memberId', '请输入会员 ID')]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="分钟（空为永久）"
          name="minutes"
          // A cleared box is no end (undefined), which the schema takes; null it would refuse.
          normalize={(v: number | null) => v ?? undefined}
          rules={[zodRule(MuteRequest, 'minutes', '分钟为 1–525600')]}
        >
          <InputNumber precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label="原因"
          name="reason"
          rules={[zodRule(MuteRequest, 'reason', '请填写原因（200 字以内）')]}
        >
          <Input />
        </Form.Item>
      </FormModal>
    </>
  );
}
