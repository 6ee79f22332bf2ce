import { AdminLimitSetRequest } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { Alert, App, Form, Input } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { FormModal } from './form-modal';
import { useAdminMutation } from './use-admin-query';
import { zodRule } from './zod-rule';

/** The limit an operator sets or lowers: kind and period fixed, the amount in force if any. */
export interface LimitTarget {
  kind: 'deposit' | 'loss' | 'wager' | 'time';
  period: 'day' | 'week' | 'month';
  amount: string | null;
  label: string;
}

interface Values {
  amount: string;
  reason: string;
}

/**
 * An operator creates or lowers one of a member's limits, with a reason the audit keeps
 * (contract §5, two-step loosening): never a raise or a removal — the server refuses those
 * (9213) and the dialog shows its coded answer. Lowering withdraws the member's waiting raise.
 */
export function MemberLimitModal({
  memberId,
  target,
  onClose,
}: {
  memberId: number;
  target: LimitTarget;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const set = useAdminMutation('adminMemberLimitSet');
  const { message } = App.useApp();
  const [refused, setRefused] = useState<string | null>(null);
  const send = (v: Values) => {
    setRefused(null);
    set.mutate(
      {
        req: {
          params: { memberId },
          body: { kind: target.kind, period: target.period, amount: v.amount, reason: v.reason },
        },
      },
      {
        onSuccess: () => {
          void message.success('已保存');
          onClose();
        },
        onError: (err) => setRefused(errorText(err)),
      },
    );
  };
  return (
    <FormModal
      form={form}
      open
      title={`设定${target.label}`}
      okText="确定"
      busy={set.isPending}
      onClose={onClose}
      onSubmit={send}
      lead={
        <>
          <p>
            当前额度：{target.amount ?? '未设置'}。运营人员只能设定或降低限额，不能提高或取消；
            降低会撤销会员待确认的放宽申请。
          </p>
          {refused && <Alert type="error" title={refused} style={{ marginBottom: 12 }} />}
        </>
      }
    >
      <Form.Item
        label={target.kind === 'time' ? '额度（分钟）' : '额度（元）'}
        name="amount"
        rules={[zodRule(AdminLimitSetRequest, 'amount', '请输入大于 0、最多两位小数的金额')]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item
        label="原因"
        name="reason"
        rules={[zodRule(AdminLimitSetRequest, 'reason', '请填写原因（200 字以内）')]}
      >
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
