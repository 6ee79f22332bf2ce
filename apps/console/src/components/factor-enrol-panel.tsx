import { Alert, App, Button, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { useConsole } from '../session/console-context';
import { ceremonyText, passkeyCreation } from '../session/passkey-ceremony';
import { zodRule } from './zod-rule';

// The schema loads with the first validation: zod stays out of the first route's scripts.
const totpSchema = () =>
  import('@nebula/protocol/api/admin/admin.schemas').then((m) => m.AdminTotpConfirmRequest);

/** What the enrolment has reached: the choice, the TOTP secret shown, or a factor enrolled. */
type Step =
  | { at: 'choose' }
  | { at: 'totp'; secret: string }
  | { at: 'codes'; codes: string[] }
  | { at: 'passkey' };

/**
 * The first second factor of an enrol-only session (docs/contract.md §4.1): the authenticator
 * app (six digits, then recovery codes) or a passkey registered in this browser. The server
 * re-reads the operator's factors on every request, so either one opens the session.
 */
export function FactorEnrolPanel({ onDone }: { onDone: () => void }) {
  const { call } = useConsole();
  const { message } = App.useApp();
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<Step>) => {
    setBusy(true);
    try {
      setStep(await work());
    } catch (err) {
      void message.error(ceremonyText(err) ?? errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const startTotp = () =>
    run(async () => ({ at: 'totp', secret: (await call('adminTotpEnrol', { body: {} })).secret }));
  const confirmTotp = (code: string) =>
    run(async () => ({
      at: 'codes',
      codes: (await call('adminTotpConfirm', { body: { code } })).recoveryCodes,
    }));
  // The WebAuthn library loads only here (passkey-ceremony.ts), not with the login route.
  const enrolPasskey = (name: string) =>
    run(async () => {
      const options = await call('adminPasskeyRegisterOptions', { body: {} });
      const response = await passkeyCreation(options);
      await call('adminPasskeyRegister', { body: { name, response } });
      return { at: 'passkey' };
    });
  const enter = (
    <Button type="primary" onClick={onDone}>
      进入后台
    </Button>
  );

  if (step.at === 'codes')
    return (
      <>
        <Alert type="success" title="两步验证已绑定。请妥善保存以下恢复码，每个只能使用一次：" />
        <Typography.Paragraph copyable code data-testid="recovery-codes">
          {step.codes.join(' ')}
        </Typography.Paragraph>
        {enter}
      </>
    );
  if (step.at === 'passkey')
    return (
      <>
        <Alert
          type="success"
          title="通行密钥已登记。此后登录和二次验证都使用该通行密钥。"
          style={{ marginBottom: 16 }}
        />
        {enter}
      </>
    );
  if (step.at === 'totp')
    return (
      <Form layout="vertical" onFinish={(v: { code: string }) => void confirmTotp(v.code)}>
        <Typography.Paragraph>
          在验证器应用中添加以下密钥，然后输入其显示的六位验证码：
        </Typography.Paragraph>
        <Typography.Paragraph copyable code data-testid="totp-secret">
          {step.secret}
        </Typography.Paragraph>
        <Form.Item
          label="六位验证码"
          name="code"
          rules={[zodRule(totpSchema, 'code', '请输入六位数字验证码')]}
        >
          <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          确认绑定
        </Button>
      </Form>
    );
  return (
    <>
      <Alert type="warning" title="本站要求运营人员绑定两步验证后才能使用后台。" />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        验证器应用（六位验证码）：
      </Typography.Paragraph>
      <Button
        type="primary"
        loading={busy}
        onClick={() => void startTotp()}
        style={{ marginTop: 8 }}
      >
        开始绑定
      </Button>
      <Divider plain>或使用通行密钥（指纹、面容或安全密钥）</Divider>
      <Form
        layout="vertical"
        initialValues={{ name: '我的通行密钥' }}
        onFinish={(v: { name: string }) => void enrolPasskey(v.name.trim())}
      >
        <Form.Item
          label="通行密钥名称"
          name="name"
          rules={[{ required: true, whitespace: true, max: 32, message: '请输入 1–32 字的名称' }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Button htmlType="submit" loading={busy}>
          登记通行密钥
        </Button>
      </Form>
    </>
  );
}
