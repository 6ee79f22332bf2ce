import type { DepositLimits } from '@nebula/protocol/api/wallet/wallet.schemas';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { confirmModal } from '../../../components/ui/modal.store';
import { describeError } from '../../../lib/api-errors';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { useLimitRequestAnswer } from '../api/limit-requests.mutation';

type Limit = DepositLimits['list'][number];
type Request = NonNullable<Limit['request']>;

/**
 * The server's time now (its clock as of the last answer, `offset` from this device's), moved
 * on when the window opens or closes so the buttons follow it.
 */
function useServerNowAt(offset: number, opens: number, closes: number): number {
  // This device's time when last looked at; the server's is that plus the offset.
  const [local, setLocal] = useState(() => Date.now());
  const now = local + offset;
  useEffect(() => {
    const next = [opens, closes].filter((at) => at > now).sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const timer = window.setTimeout(
      () => setLocal(Date.now()),
      Math.min(next - now + 50, 2 ** 31 - 1),
    );
    return () => window.clearTimeout(timer);
  }, [opens, closes, now]);
  return now;
}

/**
 * A raise or removal waiting for the member (contract §5): what was asked, the window in which
 * it may be confirmed (可确认时间 … 至 …), and 确认 only inside that window. Withdrawing it is
 * always possible and changes nothing.
 */
export function LimitRequestNote({
  limit,
  request,
  offset,
}: {
  limit: Limit;
  request: Request;
  /** The server's clock minus this device's, from the limits' answer. */
  offset: number;
}) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const answer = useLimitRequestAnswer();
  const now = useServerNowAt(offset, request.confirmableAt, request.expiresAt);
  const open = now >= request.confirmableAt && now < request.expiresAt;
  const period = t(`limits.period.${limit.period}`);

  const confirm = async () => {
    const yes = await confirmModal({
      title: t('limits.confirmTitle'),
      content:
        request.amount === null
          ? t('limits.confirmRemove', { period })
          : t('limits.confirmRaise', { period, amount: formatAmount(request.amount) }),
      confirmText: t('limits.confirm'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    try {
      await answer.mutateAsync({ requestId: request.id, confirm: true });
      Toast.show({ content: t('limits.confirmed') });
    } catch (error) {
      Toast.show({ content: describeError(error).message });
    }
  };
  const withdraw = async () => {
    try {
      await answer.mutateAsync({ requestId: request.id, confirm: false });
      Toast.show({ content: t('limits.withdrawn') });
    } catch (error) {
      Toast.show({ content: describeError(error).message });
    }
  };

  return (
    <div className="nb-limit__pending" role="note" data-request={request.id}>
      <p className="nb-limit__pending-text">
        {request.amount !== null
          ? t('limits.pendingRaise', { amount: formatAmount(request.amount) })
          : t('limits.pendingRemove')}
      </p>
      <p className="nb-limit__pending-text" data-testid="limit-window">
        {t('limits.pendingWindow', {
          from: shanghaiDateTime(request.confirmableAt),
          to: shanghaiDateTime(request.expiresAt),
        })}
      </p>
      <div className="nb-limit__actions">
        {open && (
          <Button
            size="small"
            shape="rounded"
            color="primary"
            loading={answer.isPending}
            onClick={() => void confirm()}
          >
            {t('limits.confirm')}
          </Button>
        )}
        <Button
          size="small"
          shape="rounded"
          fill="none"
          loading={answer.isPending}
          onClick={() => void withdraw()}
        >
          {t('limits.withdraw')}
        </Button>
      </div>
    </div>
  );
}
