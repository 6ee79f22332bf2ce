import { AdjustRequest } from '@nebula/protocol/api/wallet/admin-wallet.schemas';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import { ApiError, errorText } from '../api/api-error';
import { newIdempotencyKey } from '../api/client';
import { adminRoute } from '../api/admin-routes';
import { useAdminMutation } from './use-admin-query';
import { zodRule } from './zod-rule';
import { StepUpDialog } from './step-up-dialog';

interface AdjustValues {
  asset: 'CNY' | 'COIN';
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}

/**
 * "Prove it is you again" (9600): the dialog asks for the six digits (or the passkey), steps up
 * for the route's action class, and sends the same request once more with the same
 * idempotency key, so the money moves at most once. Above the four-eyes threshold the server
 * files a request instead (9602) and the money moves only when another operator approves.
 */
const STEP_UP_REQUIRED = 9600;
const APPROVAL_PENDING = 9602;

/** A manual balance adjustment (credit or debit), validated with the protocol's schema. */
export function AdjustForm({ memberId }: { memberId: number }) {
  const [form] = Form.useForm<AdjustValues>();
  const adjust = useAdminMutation('adminAdjust');
  const { message } = App.useApp();
  const key = useRef(newIdempotencyKey());
  const [stepUp, setStepUp] = useState<AdjustValues | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const send = (v: AdjustValues) => {
    adjust.mutate(
      {
        req: { params: { memberId }, body: v },
        opts: { idempotencyKey: key.current },
      },
      {
        onSuccess: (r) => {
          setStepUp(null);
          setResult(`已调整，参考号 ${r.reference}，现余额 ${r.main} 元，金币 ${r.coin}`);
          key.current = newIdempotencyKey();
          form.resetFields(['amount', 'reason']);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === STEP_UP_REQUIRED) setStepUp(v);
          else if (err instanceof ApiError && err.code === APPROVAL_PENDING) {
            setStepUp(null);
            setResult('待复核：金额超过复核门槛，已提交复核，等待其他运营人员批准');
            key.current = newIdempotencyKey();
          } else void message.error(errorText(err));
        },
      },
    );
  };
  return (
    <>
      {result && <Alert type="success" title={result} style={{ marginBottom: 16 }} />}
      <Form<AdjustValues>
        form={form}
        layout="inline"
        initialValues={{ asset: 'CNY', direction: 'credit' }}
        onFinish={(v) => send(v)}
        onValuesChange={() => {
          // A different request is a different action: it gets its own key.
          key.current = newIdempotencyKey();
        }}
      >
        <Form.Item name="asset" label="资产">
          <Select
            style={{ width: 100 }}
            options={[
              { value: 'CNY', label: '余额' },
              { value: 'COIN', label: '金币' },
            ]}
          />
        </Form.Item>
        <Form.Item name="direction" label="方向">
          <Select
            style={{ width: 100 }}
            options={[
              { value: 'credit', label: '增加' },
              { value: 'debit', label: '扣减' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="金额"
          rules={[zodRule(AdjustRequest, 'amount', '请输入金额，最多两位小数')]}
        >
          <Input style={{ width: 140 }} inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="原因"
          rules={[zodRule(AdjustRequest, 'reason', '请填写原因（200 字以内）')]}
        >
          <Input style={{ width: 240 }} maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={adjust.isPending}>
          调整余额
        </Button>
      </Form>
      <StepUpDialog
        open={stepUp !== null}
        cls={(adminRoute('adminAdjust').stepUp ?? 'money') as 'money'}
        prompt="资金操作需要再次输入两步验证码："
        okText="验证并提交"
        busy={adjust.isPending}
        onCancel={() => setStepUp(null)}
        onVerified={() => stepUp && send(stepUp)}
      />
    </>
  );
}
