import { useQueryClient } from '@tanstack/react-query';
import { App, Input, Modal } from 'antd';
import { useRef, useState } from 'react';
import { adminRoute, type AdminRouteName } from '../api/admin-routes';
import { ApiError, errorText } from '../api/api-error';
import { useConsole } from '../session/console-context';

/** "Prove it is you again" (docs/contract.md §4.1): the server answers 9600 without a fresh step-up. */
const STEP_UP_REQUIRED = 9600;
type StepUpClass = 'money' | 'settings' | 'operators';

/**
 * Runs a write of a step-up route; when the server asks for a fresh second factor the dialog
 * takes the authenticator's six digits, steps up for the route's class and runs the write again.
 */
export function useStepUp(route: AdminRouteName) {
  const { call } = useConsole();
  const client = useQueryClient();
  const { message } = App.useApp();
  const retry = useRef<(() => Promise<void>) | null>(null);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  /** `done` runs once the write went through, at once or after the step-up; reads refetch. */
  const run = async (write: () => Promise<unknown>, done?: () => void): Promise<void> => {
    const finish = async () => {
      await write();
      await client.invalidateQueries();
      done?.();
    };
    try {
      await finish();
    } catch (err) {
      if (err instanceof ApiError && err.code === STEP_UP_REQUIRED) {
        retry.current = finish;
        setOpen(true);
      } else void message.error(errorText(err));
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const cls = (adminRoute(route).stepUp ?? 'operators') as StepUpClass;
      await call('adminStepUp', { body: { class: cls, code } });
      await retry.current?.();
      setOpen(false);
      setCode('');
      void message.success('已保存');
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const modal = (
    <Modal
      open={open}
      title="二次验证"
      okText="验证并提交"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={() => setOpen(false)}
      onOk={() => void confirm()}
    >
      <p>此操作需要再次输入两步验证码：</p>
      <Input
        aria-label="两步验证码"
        inputMode="numeric"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
    </Modal>
  );
  return { run, modal };
}
