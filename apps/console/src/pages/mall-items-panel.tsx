import { Alert, Button, InputNumber, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { ExportButton } from '../components/export-button';
import { itemBody, MallItemModal, type MallItemBody } from '../components/mall-item-form';
import { labelOf, MALL_ITEM_KIND_LABELS } from '../components/reward-labels';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';

type Item = ResponseOf<'adminMallItems'>['list'][number];

/** The mall's items: create, edit, and set the stock of one. */
export function MallItemsPanel() {
  const items = useAdminQuery('adminMallItems', {});
  const save = useAdminMutation('adminMallItemSave');
  const canEdit = useCan('adminMallItemSave');
  const feedback = useActionFeedback();
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [stocking, setStocking] = useState<{ item: Item; stock: number | null } | null>(null);
  const send = (body: MallItemBody, close: () => void) =>
    save.mutate(
      { req: { body } },
      {
        onSuccess: () => {
          close();
          feedback.done();
        },
        onError: feedback.failed,
      },
    );
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        {canEdit && (
          <Button type="primary" onClick={() => setEditing('new')}>
            新建商品
          </Button>
        )}
        <ExportButton route="adminExportMallItems" req={{ query: {} }} fileName="mall-items.csv" />
      </Space>
      {items.error && <Alert type="error" title={errorText(items.error)} />}
      <Table<Item>
        rowKey="id"
        loading={items.isLoading}
        dataSource={items.data?.list}
        pagination={false}
        columns={[
          { title: '编号', dataIndex: 'id' },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (k: string) => labelOf(MALL_ITEM_KIND_LABELS, k),
          },
          { title: '名称', dataIndex: 'title' },
          { title: '所需积分', dataIndex: 'price' },
          { title: '面值', dataIndex: 'value' },
          { title: '库存', dataIndex: 'stock' },
          {
            title: '每人限兑',
            dataIndex: 'perMemberLimit',
            render: (v: number | null) => v ?? '不限',
          },
          {
            title: '状态',
            dataIndex: 'active',
            render: (a: boolean) => (
              <Tag color={a ? 'green' : 'default'}>{a ? '上架' : '下架'}</Tag>
            ),
          },
          { title: '排序', dataIndex: 'sort' },
          {
            title: '操作',
            render: (_, item) =>
              canEdit && (
                <Space>
                  <Button size="small" onClick={() => setEditing(item)}>
                    编辑
                  </Button>
                  <Button size="small" onClick={() => setStocking({ item, stock: item.stock })}>
                    改库存
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <MallItemModal
        open={editing !== null}
        editing={editing === 'new' ? null : editing}
        busy={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(body) => send(body, () => setEditing(null))}
      />
      <Modal
        open={stocking !== null}
        title={`库存：${stocking?.item.title ?? ''}`}
        onCancel={() => setStocking(null)}
        confirmLoading={save.isPending}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ disabled: stocking?.stock === null }}
        onOk={() => {
          if (!stocking || stocking.stock === null) return;
          send(itemBody(stocking.item, { stock: stocking.stock }), () => setStocking(null));
        }}
      >
        <InputNumber
          aria-label="库存"
          min={0}
          max={10_000_000}
          precision={0}
          value={stocking?.stock ?? null}
          onChange={(v) => stocking && setStocking({ ...stocking, stock: v })}
        />
      </Modal>
    </>
  );
}
