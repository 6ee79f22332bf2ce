import { Form, Input, Modal } from 'antd';
import { RequiredReasonRequest } from '@nebula/protocol/api/wallet/admin-wallet.schemas';
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
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      confirmLoading={busy}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
      onOk={() => {
        form
          .validateFields()
          .then((v) => onOk(v.reason ?? ''))
          .catch(() => undefined);
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          label="原因"
          name="reason"
          rules={
            required ? [zodRule(RequiredReasonRequest, 'reason', '请填写原因（200 字以内）')] : []
          }
        >
          <Input.TextArea rows={3} maxLength={maxLength} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
