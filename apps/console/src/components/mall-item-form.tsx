import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { MallItemSaveRequest } from '@nebula/protocol/api/mall/mall.schemas';
import type { RequestOf, ResponseOf } from '../api/admin-routes';
import { FormModal } from './form-modal';
import { MALL_ITEM_KIND_LABELS, optionsOf } from './reward-labels';
import { zodRule } from './zod-rule';

type Item = ResponseOf<'adminMallItems'>['list'][number];
export type MallItemBody = RequestOf<'adminMallItemSave'>['body'];

/** An item's saved fields as the save request (a save replaces them all). */
export function itemBody(item: Item, patch: Partial<MallItemBody> = {}): MallItemBody {
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    description: item.description,
    image: item.image,
    price: item.price,
    stock: item.stock,
    value: item.value,
    turnoverMultiple: item.turnoverMultiple,
    perMemberLimit: item.perMemberLimit,
    active: item.active,
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    sort: item.sort,
    ...patch,
  };
}

const NEW_ITEM: Partial<MallItemBody> = {
  kind: 'coins',
  price: '100',
  stock: 100,
  value: '0',
  turnoverMultiple: 0,
  perMemberLimit: null,
  active: true,
  sort: 0,
  description: '',
  image: '',
};

/** New or edited mall item, each field checked with the save request's schema. */
export function MallItemModal({
  open,
  editing,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  editing: Item | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: MallItemBody) => void;
}) {
  const [form] = Form.useForm<MallItemBody>();
  const rule = (field: keyof MallItemBody, message?: string) => [
    zodRule(MallItemSaveRequest, field, message),
  ];
  return (
    <FormModal
      form={form}
      open={open}
      title={editing ? `编辑商品 #${editing.id}` : '新建商品'}
      busy={busy}
      onClose={onCancel}
      onSubmit={(v) => onSubmit(editing ? itemBody(editing, v) : { ...NEW_ITEM, ...v })}
      initialValues={editing ? itemBody(editing) : NEW_ITEM}
    >
      <Form.Item label="类型" name="kind">
        <Select options={optionsOf(MALL_ITEM_KIND_LABELS)} />
      </Form.Item>
      <Form.Item label="名称" name="title" rules={rule('title', '请填写名称（40 字以内）')}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item label="描述" name="description" rules={rule('description')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <Form.Item label="图片地址" name="image" rules={rule('image')}>
        <Input />
      </Form.Item>
      <Form.Item label="所需积分" name="price" rules={rule('price', '积分为非负整数')}>
        <Input />
      </Form.Item>
      <Form.Item label="库存" name="stock" rules={rule('stock', '库存为 0–10000000 的整数')}>
        <InputNumber min={0} precision={0} />
      </Form.Item>
      <Form.Item
        label="面值"
        name="value"
        extra="金币：金币数；彩金：元（两位小数）；实物：0"
        rules={rule('value', '面值格式不正确')}
      >
        <Input />
      </Form.Item>
      <Form.Item label="流水倍数" name="turnoverMultiple" rules={rule('turnoverMultiple')}>
        <InputNumber min={0} max={100} precision={0} />
      </Form.Item>
      <Form.Item
        label="每人限兑（留空不限）"
        name="perMemberLimit"
        rules={[
          {
            validator: (_r, v: number | null | undefined) =>
              MallItemSaveRequest.shape.perMemberLimit.safeParse(v ?? null).success
                ? Promise.resolve()
                : Promise.reject(new Error('1–10000 的整数')),
          },
        ]}
      >
        <InputNumber min={1} max={10000} precision={0} />
      </Form.Item>
      <Form.Item label="排序" name="sort" rules={rule('sort')}>
        <InputNumber min={0} max={10000} precision={0} />
      </Form.Item>
      <Form.Item label="上架" name="active" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
