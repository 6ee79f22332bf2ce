import { Alert, Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { RedemptionShipRequest } from '@nebula/protocol/api/mall/mall.schemas';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { errorText } from '../api/api-error';
import { useActionFeedback } from '../components/action-feedback';
import { formatTime } from '../components/page-header';
import { ReasonModal } from '../components/reason-modal';
import {
  labelOf,
  MALL_ITEM_KIND_LABELS,
  optionsOf,
  REDEMPTION_STATUS_LABELS,
} from '../components/reward-labels';
import { useAdminMutation, useAdminQuery, useCan } from '../components/use-admin-query';
import { zodRule } from '../components/zod-rule';
import { ExportButton } from '../components/export-button';
import { FormModal } from '../components/form-modal';

type Redemption = ResponseOf<'adminMallRedemptions'>['list'][number];
type Status = NonNullable<NonNullable<RequestOf<'adminMallRedemptions'>['query']>['status']>;

/** Redemptions: a physical one is shipped (tracking number), then delivered; or cancelled. */
export function MallRedemptionsPanel() {
  const [status, setStatus] = useState<Status | undefined>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminMallRedemptions', { query: { status, page, pageSize: 20 } });
  const ship = useAdminMutation('adminMallShip');
  const deliver = useAdminMutation('adminMallDeliver');
  const cancel = useAdminMutation('adminMallCancel');
  const canShip = useCan('adminMallShip');
  const feedback = useActionFeedback();
  const [shipping, setShipping] = useState<Redemption | null>(null);
  const [cancelling, setCancelling] = useState<Redemption | null>(null);
  const [form] = Form.useForm<{ trackingNo: string }>();
  const closeWith = (close: () => void, text: string) => ({
    onSuccess: () => {
      close();
      feedback.done(text);
    },
    onError: feedback.failed,
  });
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label="兑换状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          options={optionsOf(REDEMPTION_STATUS_LABELS)}
          onChange={(v: Status | undefined) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <ExportButton
          route="adminExportMallRedemptions"
          req={{ query: { status } }}
          fileName="mall-redemptions.csv"
        />
      </Space>
      {list.error && <Alert type="error" title={errorText(list.error)} />}
      <Table<Redemption>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: '单号', dataIndex: 'id' },
          { title: '会员编号', dataIndex: 'memberId' },
          { title: '商品', dataIndex: 'title' },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (k: string) => labelOf(MALL_ITEM_KIND_LABELS, k),
          },
          { title: '积分', dataIndex: 'price' },
          {
            title: '收货信息',
            dataIndex: 'address',
            render: (a: Redemption['address']) => (a ? `${a.name} ${a.phone} ${a.address}` : '—'),
          },
          { title: '快递单号', dataIndex: 'trackingNo', render: (t: string | null) => t ?? '—' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag>{labelOf(REDEMPTION_STATUS_LABELS, s)}</Tag>,
          },
          { title: '兑换时间', dataIndex: 'createdAt', render: formatTime },
          {
            title: '操作',
            render: (_, r) =>
              canShip && (
                <Space>
                  {r.status === 'pending' && (
                    <Button size="small" type="primary" onClick={() => setShipping(r)}>
                      发货
                    </Button>
                  )}
                  {r.status === 'shipped' && (
                    <Popconfirm
                      title="确认已签收？"
                      okText="确定"
                      cancelText="取消"
                      onConfirm={() =>
                        deliver.mutate(
                          { req: { params: { redemptionId: r.id }, body: {} } },
                          closeWith(() => undefined, '已签收'),
                        )
                      }
                    >
                      <Button size="small">签收</Button>
                    </Popconfirm>
                  )}
                  {/* Only a pending one may be cancelled (its points refunded). */}
                  {r.status === 'pending' && (
                    <Button size="small" danger onClick={() => setCancelling(r)}>
                      取消
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <FormModal
        form={form}
        open={shipping !== null}
        title="发货"
        okText="确定"
        busy={ship.isPending}
        onClose={() => setShipping(null)}
        onSubmit={(v) => {
          if (!shipping) return;
          ship.mutate(
            { req: { params: { redemptionId: shipping.id }, body: v } },
            closeWith(() => setShipping(null), '已发货'),
          );
        }}
      >
        <Form.Item
          label="快递单号"
          name="trackingNo"
          rules={[zodRule(RedemptionShipRequest, 'trackingNo', '4–40 位字母、数字或 -')]}
        >
          <Input />
        </Form.Item>
      </FormModal>
      <ReasonModal
        open={cancelling !== null}
        title="取消兑换（积分退回会员）"
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onOk={(reason) => {
          if (!cancelling) return;
          cancel.mutate(
            { req: { params: { redemptionId: cancelling.id }, body: { reason } } },
            closeWith(() => setCancelling(null), '已取消'),
          );
        }}
      />
    </>
  );
}
