import { Form, Input } from 'antd';
import { RequiredReasonRequest } from '@nebula/protocol/api/wallet/admin-wallet.schemas';
import { FormModal } from './form-modal';
import { zodRule } from './zod-rule';

/** Asks for the reason every operator action records in the audit. */
export function ReasonModal({
  open,
  title,
  required = true,
  onCancel,
  onOk,
  busy,
  maxLength = 200,
}: {
  open: boolean;
  title: string;
  required?: boolean;
  onCancel: () => void;
  onOk: (reason: string) => void;
  busy?: boolean;
  /** Where the route takes a shorter reason than the common 200 characters. */
  maxLength?: number;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal
      form={form}
      open={open}
      title={title}
      okText="确定"
      busy={busy}
      onClose={onCancel}
      onSubmit={(v) => onOk(v.reason ?? '')}
    >
      <Form.Item
        label="原因"
        name="reason"
        rules={
          required ? [zodRule(RequiredReasonRequest, 'reason', '请填写原因（200 字以内）')] : []
        }
      >
        <Input.TextArea rows={3} maxLength={maxLength} />
      </Form.Item>
    </FormModal>
  );
}
