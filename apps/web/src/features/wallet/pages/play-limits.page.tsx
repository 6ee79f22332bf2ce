import type {
  PlayLimit,
  PlayLimitKind,
} from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { Button, PullToRefresh, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { AmountInput } from '../../../components/ui/amount-input';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { FormMessage } from '../../../components/ui/form-field';
import { confirmModal } from '../../../components/ui/modal.store';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { amountProblem, wireAmount } from '../../../lib/amount';
import { describeError } from '../../../lib/api-errors';
import { DEPOSIT_LIMIT_PATH } from '../../../site/paths';
import { usePlayLimitSet, usePlayLimits } from '../api/play-limits.api';
import { LimitRequestNote } from '../components/limit-request-note';
import { isRaise } from './deposit-limit.page';
import '../components/finance.css';

const KINDS: PlayLimitKind[] = ['loss', 'wager', 'time'];

/** A figure as the member reads it: money with ¥, time in whole minutes. */
function useShow() {
  const { t } = useTranslation('wallet');
  return (kind: PlayLimitKind, value: string) =>
    kind === 'time'
      ? t('playLimits.minutes', { minutes: value.split('.')[0] })
      : `¥${formatAmount(value)}`;
}

function EditSheet({
  limit,
  hours,
  onClose,
}: {
  limit: PlayLimit | null;
  hours: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const save = usePlayLimitSet();
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const time = limit?.kind === 'time';
  const valid = amountProblem(value, { min: time ? '1' : '0.01', decimals: time ? 0 : 2 }) === null;
  const next = valid ? wireAmount(value) : null;
  const raise = limit !== null && next !== null && isRaise(limit.amount, next);

  const submit = async () => {
    if (!limit || next === null) return;
    setMessage(null);
    try {
      await save.mutateAsync({ kind: limit.kind, period: limit.period, amount: next });
      Toast.show({ content: raise ? t('limits.savedLater') : t('limits.savedNow') });
      setValue('');
      onClose();
    } catch (error) {
      setMessage(describeError(error).message);
    }
  };

  return (
    <BottomSheet
      visible={limit !== null}
      title={
        limit
          ? t('playLimits.editTitle', {
              kind: t(`playLimits.kind.${limit.kind}`),
              period: t(`playLimits.period.${limit.period}`),
            })
          : ''
      }
      onClose={onClose}
    >
      <form
        className="nb-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <AmountInput
          label={time ? t('playLimits.newMinutes') : t('limits.newAmount')}
          value={value}
          onChange={setValue}
          unit={time ? t('playLimits.minuteUnit') : '¥'}
          min={time ? '1' : '0.01'}
          decimals={time ? 0 : 2}
        />
        {valid && (
          <p className={`nb-limit__effect${raise ? ' nb-limit__effect--later' : ''}`} role="status">
            {raise ? t('limits.effectLater', { hours }) : t('limits.effectNow')}
          </p>
        )}
        <FormMessage>{message}</FormMessage>
        <Button
          className="nb-form__submit"
          type="submit"
          block
          color="primary"
          shape="rounded"
          disabled={!valid}
          loading={save.isPending}
        >
          {t('limits.save')}
        </Button>
      </form>
    </BottomSheet>
  );
}

function LimitRow({
  limit,
  hours,
  offset,
  onEdit,
}: {
  limit: PlayLimit;
  hours: number;
  offset: number;
  onEdit: () => void;
}) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const show = useShow();
  const save = usePlayLimitSet();
  const remove = async () => {
    const yes = await confirmModal({
      title: t('limits.removeTitle'),
      content: t('limits.removeText', { hours }),
      confirmText: t('limits.remove'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    try {
      await save.mutateAsync({ kind: limit.kind, period: limit.period, amount: null });
      Toast.show({ content: t('limits.savedLater') });
    } catch (error) {
      Toast.show({ content: describeError(error).message });
    }
  };
  return (
    <div className="nb-limit__row" data-kind={limit.kind} data-period={limit.period}>
      <div className="nb-limit__head">
        <h3 className="nb-limit__title">{t(`playLimits.period.${limit.period}`)}</h3>
        {limit.amount === null ? (
          <StatusBadge tone="muted">{t('limits.none')}</StatusBadge>
        ) : (
          <span className="nb-limit__amount">{show(limit.kind, limit.amount)}</span>
        )}
      </div>
      <p className="nb-limit__used">
        {t('playLimits.used', { used: show(limit.kind, limit.used) })}
      </p>
      {limit.request && <LimitRequestNote limit={limit} request={limit.request} offset={offset} />}
      <div className="nb-limit__actions">
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onEdit}>
          {limit.amount === null ? t('limits.set') : t('limits.change')}
        </Button>
        {limit.amount !== null && limit.request === null && (
          <Button size="small" shape="rounded" fill="none" onClick={() => void remove()}>
            {t('limits.remove')}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * /mine/playLimits (responsible gambling, contract §5): loss, wager and play-time limits over
 * the last 24 hours, 7 days and 30 days, each with what its window has used. Lowering applies
 * at once; raising or removing is a request the member confirms after the cooling-off.
 */
export function PlayLimitsPage() {
  const { t } = useTranslation('wallet');
  const limits = usePlayLimits();
  const [editing, setEditing] = useState<{ kind: PlayLimitKind; period: string } | null>(null);
  const list = limits.data?.list ?? [];
  const hours = limits.data?.coolingOffHours ?? 24;
  const offset = limits.data ? limits.data.serverTime - limits.dataUpdatedAt : 0;
  const body = !limits.data ? (
    limits.isError ? (
      <ErrorState error={limits.error} onRetry={() => void limits.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <section className="nb-card nb-limit-intro">
        <h2 className="nb-card__title">{t('limits.introTitle')}</h2>
        <p className="nb-limit-intro__text">{t('playLimits.intro')}</p>
        <ul className="nb-limit-intro__rules">
          <li>{t('limits.ruleLower')}</li>
          <li>{t('limits.ruleRaise', { hours })}</li>
          <li>{t('playLimits.ruleCount')}</li>
        </ul>
      </section>
      {KINDS.map((kind) => (
        <section key={kind} className="nb-card nb-limit" aria-label={t(`playLimits.kind.${kind}`)}>
          <h2 className="nb-card__title">{t(`playLimits.kind.${kind}`)}</h2>
          <p className="nb-limit-intro__text">{t(`playLimits.explain.${kind}`)}</p>
          {list
            .filter((l) => l.kind === kind)
            .map((l) => (
              <LimitRow
                key={l.period}
                limit={l}
                hours={hours}
                offset={offset}
                onEdit={() => setEditing({ kind, period: l.period })}
              />
            ))}
        </section>
      ))}
    </>
  );
  return (
    <PageFrame title={t('playLimits.title')} backTo={DEPOSIT_LIMIT_PATH}>
      <PullToRefresh onRefresh={() => limits.refetch().then(() => undefined)}>{body}</PullToRefresh>
      <EditSheet
        limit={list.find((l) => l.kind === editing?.kind && l.period === editing.period) ?? null}
        hours={hours}
        onClose={() => setEditing(null)}
      />
    </PageFrame>
  );
}
