import { Alert, App } from 'antd';
import { useState, type ReactNode } from 'react';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import {
  adminRoute,
  type AdminRouteName,
  type RequestOf,
  type ResponseOf,
} from '../../api/admin-routes';
import { ApiError, errorText } from '../../api/api-error';
import { StepUpDialog } from '../../components/step-up-dialog';
import { useAdminMutation } from '../../components/use-admin-query';

type StepUpClass = 'money' | 'settings' | 'operators';

/**
 * One write of the house venue's proxy with the console's answers to the platform's gates:
 * 9600 (prove it is you again) opens the step-up dialog and sends the same body once more;
 * 9602 is no failure but a request filed for a second operator (four eyes on voids and
 * resettles, docs/contract.md §4.1), shown as 待复核; anything else as the catalogue's text.
 * Lookups the venue answers by POST (a round, a player) use it too, with no success toast.
 */
export function useVenueWrite<K extends AdminRouteName>(name: K, doneText: string | null) {
  const mutation = useAdminMutation(name);
  const { message } = App.useApp();
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const [pending, setPending] = useState(false);

  const send = (body: RequestOf<K>['body'], onDone?: (r: ResponseOf<K>) => void) => {
    setPending(false);
    mutation.mutate(
      { req: { body } as RequestOf<K> },
      {
        onSuccess: (r) => {
          setRetry(null);
          // A lookup (doneText null) shows its answer, not a toast.
          if (doneText) void message.success(doneText);
          onDone?.(r);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === ErrorCode.OperatorStepUpRequired) {
            setRetry(() => () => send(body, onDone));
          } else if (err instanceof ApiError && err.code === ErrorCode.ApprovalPending) {
            setRetry(null);
            setPending(true);
            void message.info(`待复核：${err.message}`);
          } else {
            setRetry(null);
            void message.error(errorText(err));
          }
        },
      },
    );
  };

  const extras: ReactNode = (
    <>
      {pending && (
        <Alert
          type="info"
          title="待复核：已提交复核，等待其他运营人员批准后执行"
          style={{ marginTop: 12 }}
        />
      )}
      {/* Mounted only when asked: the dialog reads the operator's factors as it opens. */}
      {retry !== null && (
        <StepUpDialog
          open
          cls={(adminRoute(name).stepUp ?? 'money') as StepUpClass}
          prompt="此操作需要再次输入两步验证码："
          busy={mutation.isPending}
          onCancel={() => setRetry(null)}
          onVerified={() => retry()}
        />
      )}
    </>
  );
  return { send, busy: mutation.isPending, data: mutation.data, extras };
}
