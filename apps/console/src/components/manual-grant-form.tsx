import { ManualGrantRequest } from '@nebula/protocol/api/rewards/rewards.schemas';
import { Form, Input, InputNumber } from 'antd';
import { useRef } from 'react';
import { newIdempotencyKey } from '../api/client';
import { useActionFeedback } from './action-feedback';
import { useAdminMutation } from './use-admin-query';
import { zodRule } from './zod-rule';
import { FormModal } from './form-modal';

interface GrantValues {
  amount: string;
  title: string;
  turnoverMultiple: number;
  reason: string;
}

/**
 * 人工发放: a manual grant to one member, validated with the protocol's schema. It is a money
 * call: one idempotency key per filled form, so a retried click pays at most once. Above the
 * promo threshold the server files it for a second operator (待复核, docs/contract.md §4.1).
 */
export function ManualGrantModal(props: { open: boolean; memberId: number; onClose: () => void }) {
  const [form] = Form.useForm<GrantValues>();
  const create = useAdminMutation('adminGrantCreate');
  const feedback = useActionFeedback();
  const key = useRef(newIdempotencyKey());
  const send = (body: GrantValues) =>
    create.mutate(
      {
        req: { params: { memberId: props.memberId }, body },
        opts: { idempotencyKey: key.current },
      },
      {
        onSuccess: (g) => {
          feedback.done(`已发放 ${g.amount} 元`);
          key.current = newIdempotencyKey();
          form.resetFields();
          props.onClose();
        },
        onError: (err) => {
          if (feedback.failed(err)) {
            key.current = newIdempotencyKey();
            props.onClose();
          }
        },
      },
    );
  return (
    <FormModal
      form={form}
      open={props.open}
      title={`人工发放优惠 · 会员 ${props.memberId}`}
      okText="发放"
      busy={create.isPending}
      onClose={props.onClose}
      keep
      initialValues={{ turnoverMultiple: 1 }}
      onSubmit={send}
      onValuesChange={() => {
        // A different grant is a different action: it gets its own key.
        key.current = newIdempotencyKey();
      }}
    >
      <Form.Item
        name="amount"
        label="金额（元）"
        rules={[zodRule(ManualGrantRequest, 'amount', '请输入大于 0 的金额，最多两位小数')]}
      >
        <Input inputMode="decimal" maxLength={16} />
      </Form.Item>
      <Form.Item
        name="title"
        label="名称"
        rules={[zodRule(ManualGrantRequest, 'title', '请填写名称（40 字以内）')]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item
        name="turnoverMultiple"
        label="流水倍数"
        rules={[zodRule(ManualGrantRequest, 'turnoverMultiple', '0 到 10 的整数')]}
      >
        <InputNumber min={0} max={10} precision={0} />
      </Form.Item>
      <Form.Item
        name="reason"
        label="原因"
        rules={[zodRule(ManualGrantRequest, 'reason', '请填写原因（200 字以内）')]}
      >
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
