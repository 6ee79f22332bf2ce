import { App, Button, Divider, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { useConsole } from '../session/console-context';
import { ceremonyText, passkeyAssertion } from '../session/passkey-ceremony';
import { useAdminQuery } from './use-admin-query';

type StepUpClass = 'money' | 'settings' | 'operators';

export interface StepUpDialogProps {
  open: boolean;
  cls: StepUpClass;
  /** What the operator is asked for, e.g. 资金操作需要再次输入两步验证码： */
  prompt: string;
  okText?: string;
  /** The retried action is in flight (the dialog shows it as loading). */
  busy?: boolean;
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * "Prove it is you again" (9600, docs/contract.md §4.1): the authenticator's six digits, or the
 * operator's passkey when they have one; either steps up this session for the class, and the
 * caller sends its request once more.
 */
export function StepUpDialog(p: StepUpDialogProps) {
  const { call } = useConsole();
  const { message } = App.useApp();
  const passkeys = useAdminQuery('adminPasskeys', {});
  // A passkey may be the operator's only factor: then there are no six digits to ask for.
  const me = useAdminQuery('adminMe', {});
  const [totp, setTotp] = useState('');
  const [working, setWorking] = useState(false);
  const run = async (step: () => Promise<unknown>) => {
    setWorking(true);
    try {
      await step();
      setTotp('');
      p.onVerified();
    } catch (err) {
      void message.error(ceremonyText(err) ?? errorText(err));
    } finally {
      setWorking(false);
    }
  };
  const byCode = () => run(() => call('adminStepUp', { body: { class: p.cls, code: totp } }));
  const byPasskey = () =>
    run(async () => {
      const options = await call('adminPasskeyStepUpOptions', { body: { class: p.cls } });
      const response = await passkeyAssertion(options);
      await call('adminPasskeyStepUp', { body: { class: p.cls, response } });
    });
  const hasPasskey = (passkeys.data?.list.length ?? 0) > 0;
  const hasTotp = me.data?.totpEnabled !== false || !hasPasskey;
  return (
    <Modal
      open={p.open}
      title="二次验证"
      okText={p.okText ?? '验证'}
      cancelText="取消"
      confirmLoading={working || p.busy}
      onCancel={p.onCancel}
      onOk={() => void byCode()}
      okButtonProps={hasTotp ? undefined : { style: { display: 'none' } }}
      destroyOnHidden
    >
      <p>{p.prompt}</p>
      {hasTotp && (
        <Input
          aria-label="两步验证码"
          inputMode="numeric"
          maxLength={6}
          value={totp}
          onChange={(e) => setTotp(e.target.value)}
        />
      )}
      {hasPasskey && (
        <>
          {hasTotp && <Divider plain>或</Divider>}
          <Button block loading={working} onClick={() => void byPasskey()}>
            使用通行密钥验证
          </Button>
        </>
      )}
    </Modal>
  );
}
