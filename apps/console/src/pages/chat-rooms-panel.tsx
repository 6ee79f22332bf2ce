import { Alert, Button, Form, Input, InputNumber, Table, Tag } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { AdminChatRoomFilter } from '@nebula/protocol/api/chat/chat-admin.schemas';
import { RoomCreateRequest, RoomUpdateRequest } from '@nebula/protocol/api/chat/chat.schemas';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { ExportButton } from '../components/export-button';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { ListFilterBar, pagination } from '../components/list-filter-bar';
import { FormModal } from '../components/form-modal';

type Room = ResponseOf<'adminChatRooms'>['list'][number];
type RoomForm = { name: string; vipMin: number; vipMax: number; slowModeSeconds: number };
const STATUS = [
  { value: '1', label: '开放' },
  { value: '0', label: '关闭' },
];

/** Rooms: paged and filtered; create, edit (name, VIP range, slow mode) and open / close. */
export function ChatRoomsPanel() {
  const [filter, setFilter] = useState<z.output<typeof AdminChatRoomFilter>>({});
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminChatRooms', { query: { ...filter, page, pageSize: 20 } });
  const create = useAdminMutation('adminChatRoomCreate');
  const update = useAdminMutation('adminChatRoomUpdate');
  const canEdit = useCan('adminChatRoomUpdate');
  const canCreate = useCan('adminChatRoomCreate');
  const feedback = useActionFeedback();
  // null: closed; 'new': a new room; else the room being edited.
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const [form] = Form.useForm<RoomForm>();
  const schema = editing === 'new' ? RoomCreateRequest : RoomUpdateRequest;
  const after = (close: boolean) => ({
    onSuccess: () => {
      if (close) setEditing(null);
      feedback.done();
    },
    onError: feedback.failed,
  });
  const setStatus = (r: Room, status: 0 | 1) =>
    update.mutate({ req: { params: { roomId: r.roomId }, body: { status } } }, after(false));
  const save = (v: RoomForm) => {
    if (editing === 'new') create.mutate({ req: { body: v } }, after(true));
    else if (editing)
      update.mutate({ req: { params: { roomId: editing.roomId }, body: v } }, after(true));
  };
  return (
    <>
      <ListFilterBar
        schema={AdminChatRoomFilter}
        fields={[
          { name: 'name', label: '名称', width: 160, message: '名称 30 字以内' },
          { name: 'status', label: '状态', options: STATUS },
        ]}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
        extra={
          <>
            <ExportButton
              route="adminExportChatRooms"
              req={{ query: filter }}
              fileName="chat-rooms.csv"
            />
            {canCreate && <Button onClick={() => setEditing('new')}>新建房间</Button>}
          </>
        }
      />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Room>
        rowKey="roomId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={pagination(page, list.data?.total, setPage)}
        columns={[
          { title: '编号', dataIndex: 'roomId' },
          { title: '名称', dataIndex: 'name' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: number) =>
              s === 1 ? <Tag color="green">开放</Tag> : <Tag color="default">关闭</Tag>,
          },
          { title: 'VIP 范围', render: (_, r) => `VIP${r.vipMin}–VIP${r.vipMax}` },
          {
            title: '慢速模式',
            dataIndex: 'slowModeSeconds',
            render: (s: number) => (s ? `${s} 秒` : '关'),
          },
          {
            title: '操作',
            render: (_, r) =>
              canEdit && (
                <>
                  <Button size="small" type="link" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    danger={r.status === 1}
                    onClick={() => setStatus(r, r.status === 1 ? 0 : 1)}
                  >
                    {r.status === 1 ? '关闭' : '开放'}
                  </Button>
                </>
              ),
          },
        ]}
      />
      <FormModal
        form={form}
        name="chat-room"
        open={editing !== null}
        title={editing === 'new' ? '新建房间' : '编辑房间'}
        busy={create.isPending || update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={save}
        initialValues={
          editing && editing !== 'new'
            ? editing
            : { name: '', vipMin: 0, vipMax: 99, slowModeSeconds: 0 }
        }
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[zodRule(schema, 'name', '请填写名称（30 字以内）')]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="最低 VIP"
          name="vipMin"
          rules={[zodRule(schema, 'vipMin', 'VIP 为 0–99')]}
        >
          <InputNumber precision={0} />
        </Form.Item>
        <Form.Item
          label="最高 VIP"
          name="vipMax"
          dependencies={['vipMin']}
          rules={[
            zodRule(schema, 'vipMax', 'VIP 为 0–99'),
            ({ getFieldValue }) => ({
              validator: (_r, v: number | null) => {
                const min = getFieldValue('vipMin') as number | null;
                return v !== null && min !== null && v < min
                  ? Promise.reject(new Error('最高 VIP 不能低于最低'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <InputNumber precision={0} />
        </Form.Item>
        <Form.Item
          label="慢速模式（秒，0 为关）"
          name="slowModeSeconds"
          rules={[zodRule(schema, 'slowModeSeconds', '慢速模式为 0–3600 秒')]}
        >
          <InputNumber precision={0} />
        </Form.Item>
      </FormModal>
    </>
  );
}
