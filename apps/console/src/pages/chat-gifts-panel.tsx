import { Alert, Button, Card, Form, Input, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import {
  AdminChatGiftRecordFilter,
  AdminChatGiftSaveRequest,
} from '@nebula/protocol/api/chat/chat-admin.schemas';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { ExportButton } from '../components/export-button';
import { formatTime } from '../components/page-header';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { ListFilterBar, pagination } from '../components/list-filter-bar';
import { FormModal } from '../components/form-modal';

type GiftRecord = ResponseOf<'adminChatGiftRecords'>['list'][number];
type Gift = ResponseOf<'adminChatGifts'>['list'][number];
type GiftForm = { name: string; icon: string; price: string; enabled: boolean };

/** Every gift sent: by member, room and Shanghai day, with the COIN it cost; exported. */
export function ChatGiftRecordsPanel() {
  const [filter, setFilter] = useState<z.output<typeof AdminChatGiftRecordFilter>>({});
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminChatGiftRecords', { query: { ...filter, page, pageSize: 20 } });
  const day = '日期如 2026-05-01';
  return (
    <>
      <ListFilterBar
        schema={AdminChatGiftRecordFilter}
        fields={[
          { name: 'memberId', label: '会员 ID', message: '请输入会员 ID' },
          { name: 'roomId', label: '房间 ID', width: 90, message: '请输入房间 ID' },
          { name: 'from', label: '开始日期', width: 130, message: day },
          { name: 'to', label: '结束日期', width: 130, message: day },
        ]}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
        extra={
          <ExportButton
            route="adminExportChatGiftRecords"
            req={{ query: filter }}
            fileName="chat-gift-records.csv"
          />
        }
      />
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<GiftRecord>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={pagination(page, list.data?.total, setPage)}
        columns={[
          { title: '编号', dataIndex: 'id' },
          { title: '时间', dataIndex: 'time', render: (t: string) => formatTime(Date.parse(t)) },
          { title: '会员 ID', dataIndex: 'memberId' },
          { title: '用户名', dataIndex: 'userName' },
          { title: '房间', render: (_, r) => `${r.roomName}（${r.roomId}）` },
          { title: '礼物', dataIndex: 'giftName' },
          { title: '数量', dataIndex: 'count' },
          { title: '金币', dataIndex: 'coin' },
        ]}
      />
    </>
  );
}

/**
 * The gift catalogue, disabled gifts too: name, icon, price in whole COIN and on / off.
 * Every save is audited with the gift before and after.
 */
export function ChatGiftCatalogPanel() {
  const list = useAdminQuery('adminChatGifts', {});
  const save = useAdminMutation('adminChatGiftSave');
  const canEdit = useCan('adminChatGiftSave');
  const feedback = useActionFeedback();
  const [editing, setEditing] = useState<Gift | 'new' | null>(null);
  const [form] = Form.useForm<GiftForm>();
  const submit = (v: GiftForm) => {
    const giftId = editing && editing !== 'new' ? editing.giftId : undefined;
    save.mutate(
      { req: { body: { ...v, ...(giftId ? { giftId } : {}) } } },
      {
        onSuccess: () => {
          setEditing(null);
          feedback.done();
        },
        onError: feedback.failed,
      },
    );
  };
  const rule = (field: keyof GiftForm, message: string) =>
    zodRule(AdminChatGiftSaveRequest, field, message);
  return (
    <Card
      title="礼物目录"
      size="small"
      extra={canEdit && <Button onClick={() => setEditing('new')}>新建礼物</Button>}
    >
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Gift>
        rowKey="giftId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={false}
        columns={[
          { title: '编号', dataIndex: 'giftId' },
          { title: '名称', dataIndex: 'name' },
          { title: '图标', dataIndex: 'icon' },
          { title: '价格（金币）', dataIndex: 'price' },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '操作',
            render: (_, g) =>
              canEdit && (
                <Button size="small" type="link" onClick={() => setEditing(g)}>
                  编辑
                </Button>
              ),
          },
        ]}
      />
      <FormModal
        form={form}
        name="chat-gift"
        open={editing !== null}
        title={editing === 'new' ? '新建礼物' : '编辑礼物'}
        busy={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={submit}
        initialValues={
          editing && editing !== 'new' ? editing : { name: '', icon: '', price: '', enabled: true }
        }
      >
        <Form.Item label="名称" name="name" rules={[rule('name', '请填写名称（20 字以内）')]}>
          <Input />
        </Form.Item>
        <Form.Item
          label="图标地址"
          name="icon"
          extra="站点自带的图标，如 /static/gifts/rocket.svg"
          rules={[rule('icon', '图标须为 /static/gifts/ 下的 .svg')]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="价格（金币）"
          name="price"
          extra="会员送出时按此价格扣金币；改价只影响之后的礼物"
          rules={[rule('price', '价格为 1–1000000 的整数')]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
