import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { adminRoute, type AdminRouteName } from '../api/admin-routes';
import { ApiError, errorText } from '../api/api-error';
import { StepUpDialog } from './step-up-dialog';

type StepUpClass = 'money' | 'settings' | 'operators';
const CLASSES: readonly StepUpClass[] = ['money', 'settings', 'operators'];

/**
 * The console's answer to 9600 (prove it is you again, docs/contract.md §4.1) for a write whose
 * route the table marks with a step-up class: `asked(err, again)` opens the dialog (TOTP or
 * passkey) and, once verified, runs `again` — the same request with the same idempotency key,
 * so the money moves at most once. Any other error is the caller's to show.
 *
 * `run(write, done)` is the same for a page that calls the API itself rather than through a
 * mutation: it runs `write`, on 9600 asks and runs it again, shows any other error, and once the
 * write went through refetches the reads and calls `done`.
 */
export function useStepUpRetry(route: AdminRouteName): {
  asked: (err: unknown, again: () => void) => boolean;
  run: (write: () => Promise<unknown>, done?: () => void) => Promise<void>;
  dialog: ReactNode;
} {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [again, setAgain] = useState<(() => void) | null>(null);
  const [cls, setCls] = useState<StepUpClass>('money');
  const asked = (err: unknown, retry: () => void) => {
    if (!(err instanceof ApiError) || err.code !== ErrorCode.OperatorStepUpRequired) return false;
    // The server names the class it wants (an approval asks for its action's class).
    const named = (err.data as { class?: unknown } | null)?.class;
    setCls(
      CLASSES.includes(named as StepUpClass)
        ? (named as StepUpClass)
        : ((adminRoute(route).stepUp ?? 'money') as StepUpClass),
    );
    setAgain(() => retry);
    return true;
  };
  const run = async (write: () => Promise<unknown>, done?: () => void): Promise<void> => {
    try {
      await write();
    } catch (err) {
      if (!asked(err, () => void run(write, done))) void message.error(errorText(err));
      return;
    }
    await client.invalidateQueries();
    done?.();
  };
  // Mounted only when asked: the dialog reads the operator's factors as it opens.
  const dialog = again !== null && (
    <StepUpDialog
      open
      cls={cls}
      prompt={cls === 'money' ? '资金操作需要再次验证身份：' : '此操作需要再次验证身份：'}
      onCancel={() => setAgain(null)}
      onVerified={() => {
        setAgain(null);
        again();
      }}
    />
  );
  return { asked, run, dialog };
}
