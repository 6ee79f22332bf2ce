import { AdjustRequest } from '@nebula/protocol/api/wallet/admin-wallet.schemas';
import { Alert, App, Button, Form, Input, Modal, Select } from 'antd';
import { useRef, useState } from 'react';
import { ApiError, errorText } from '../api/api-error';
import { newIdempotencyKey } from '../api/client';
import { useAdminMutation } from './use-admin-query';
import { zodRule } from './zod-rule';

interface AdjustValues {
  asset: 'CNY' | 'COIN';
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}

/**
 * Codes that mean "prove it is you again" (the step-up the platform may ask of money actions):
 * the dialog asks for the authenticator's six digits and sends the same request once more,
 * with the same idempotency key, so the money moves at most once.
 */
const STEP_UP_CODES: ReadonlySet<number> = new Set([6058]);

/** A manual balance adjustment (credit or debit), validated with the protocol's schema. */
export function AdjustForm({ memberId }: { memberId: number }) {
  const [form] = Form.useForm<AdjustValues>();
  const adjust = useAdminMutation('adminAdjust');
  const { message } = App.useApp();
  const key = useRef(newIdempotencyKey());
  const [stepUp, setStepUp] = useState<AdjustValues | null>(null);
  const [totp, setTotp] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const send = (v: AdjustValues, code?: string) => {
    adjust.mutate(
      {
        req: { params: { memberId }, body: v },
        opts: {
          idempotencyKey: key.current,
          headers: code ? { 'X-Admin-Step-Up': code } : undefined,
        },
      },
      {
        onSuccess: (r) => {
          setStepUp(null);
          setResult(`已调整，参考号 ${r.reference}，现余额 ${r.main} 元，金币 ${r.coin}`);
          key.current = newIdempotencyKey();
          form.resetFields(['amount', 'reason']);
        },
        onError: (err) => {
          if (err instanceof ApiError && STEP_UP_CODES.has(err.code)) setStepUp(v);
          else void message.error(errorText(err));
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
      <Modal
        open={stepUp !== null}
        title="二次验证"
        okText="验证并提交"
        cancelText="取消"
        confirmLoading={adjust.isPending}
        onCancel={() => setStepUp(null)}
        onOk={() => stepUp && send(stepUp, totp)}
      >
        <p>资金操作需要再次输入两步验证码：</p>
        <Input
          aria-label="两步验证码"
          inputMode="numeric"
          maxLength={6}
          value={totp}
          onChange={(e) => setTotp(e.target.value)}
        />
      </Modal>
    </>
  );
}
