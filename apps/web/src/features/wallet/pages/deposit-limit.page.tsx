import type { DepositLimits, LimitPeriod } from '@nebula/protocol/api/wallet/wallet.schemas';
import { formatAmount, formatFen } from '@nebula/protocol/format/number-format';
import { parseMoney } from '@nebula/protocol/money/fen';
import { Button, PullToRefresh, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { FormMessage } from '../../../components/ui/form-field';
import { confirmModal } from '../../../components/ui/modal.store';
import { Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { amountProblem, wireAmount } from '../../../lib/amount';
import { describeError } from '../../../lib/api-errors';
import { DEPOSIT_PATH, PLAY_BREAK_PATH, PLAY_LIMITS_PATH } from '../../../site/paths';
import { useDepositLimitSet } from '../api/deposit-limit-set.mutation';
import { useDepositLimits } from '../api/deposit-limits.query';
import { LimitRequestNote } from '../components/limit-request-note';
import { RealityCheckCard } from '../components/reality-check-card';
import '../components/finance.css';

type Limit = DepositLimits['list'][number];

/** Whether a new limit waits for the member's confirmation: any raise, or removing one (contract §5). */
export function isRaise(current: string | null, next: string | null): boolean {
  if (next === null) return current !== null;
  if (current === null) return false;
  return parseMoney(next) > parseMoney(current);
}

function EditSheet({
  limit,
  hours,
  onClose,
}: {
  limit: Limit | null;
  hours: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const save = useDepositLimitSet();
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const valid = amountProblem(value, { min: '0.01' }) === null;
  const raise = limit !== null && valid && isRaise(limit.amount, wireAmount(value));

  const submit = async () => {
    if (!limit || !valid) return;
    setMessage(null);
    try {
      await save.mutateAsync({ period: limit.period, amount: wireAmount(value) });
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
      title={limit ? t(`limits.edit.${limit.period}`) : ''}
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
        {limit?.amount && (
          <p className="nb-sheet__note">
            {t('limits.current', { amount: formatAmount(limit.amount) })}
          </p>
        )}
        <AmountInput
          label={t('limits.newAmount')}
          value={value}
          onChange={setValue}
          unit="¥"
          min="0.01"
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

function LimitCard({
  limit,
  hours,
  offset,
  onEdit,
}: {
  limit: Limit;
  hours: number;
  /** The server's clock minus this device's. */
  offset: number;
  onEdit: () => void;
}) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const save = useDepositLimitSet();
  const left = limit.amount !== null ? parseMoney(limit.amount) - parseMoney(limit.used) : null;

  const remove = async () => {
    const yes = await confirmModal({
      title: t('limits.removeTitle'),
      content: t('limits.removeText', { hours }),
      confirmText: t('limits.remove'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    try {
      await save.mutateAsync({ period: limit.period, amount: null });
      Toast.show({ content: t('limits.savedLater') });
    } catch (error) {
      Toast.show({ content: describeError(error).message });
    }
  };

  return (
    <section
      className="nb-card nb-limit"
      aria-label={t(`limits.period.${limit.period}`)}
      data-period={limit.period}
    >
      <div className="nb-limit__head">
        <h2 className="nb-limit__title">{t(`limits.period.${limit.period}`)}</h2>
        {limit.amount === null ? (
          <StatusBadge tone="muted">{t('limits.none')}</StatusBadge>
        ) : (
          <Money value={limit.amount} className="nb-limit__amount" />
        )}
      </div>
      <p className="nb-limit__used">
        {t(`limits.used.${limit.period}`, { amount: formatAmount(limit.used) })}
        {left !== null && ` · ${t('limits.left', { amount: formatFen(left > 0n ? left : 0n) })}`}
      </p>
      {limit.request && <LimitRequestNote limit={limit} request={limit.request} offset={offset} />}
      <div className="nb-limit__actions">
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onEdit}>
          {limit.amount === null ? t('limits.set') : t('limits.change')}
        </Button>
        {limit.amount !== null && limit.request === null && (
          <Button
            size="small"
            shape="rounded"
            fill="none"
            loading={save.isPending}
            onClick={() => void remove()}
          >
            {t('limits.remove')}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * /mine/depositLimit (responsible gambling): day / week / month limits with what is used;
 * lowering applies at once; raising or removing is a request the member confirms here after
 * the cooling-off (contract §5), which the page says; and the reality-check interval.
 */
export function DepositLimitPage() {
  const { t } = useTranslation('wallet');
  const limits = useDepositLimits();
  const [editing, setEditing] = useState<LimitPeriod | null>(null);
  const list = limits.data?.list ?? [];
  const hours = limits.data?.coolingOffHours ?? 24;
  // The server's clock, not this device's, opens a request's window.
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
        <p className="nb-limit-intro__text">{t('limits.intro')}</p>
        <ul className="nb-limit-intro__rules">
          <li>{t('limits.ruleLower')}</li>
          <li>{t('limits.ruleRaise', { hours })}</li>
          <li>{t('limits.ruleCount')}</li>
        </ul>
      </section>
      {list.map((limit) => (
        <LimitCard
          key={limit.period}
          limit={limit}
          hours={hours}
          offset={offset}
          onEdit={() => setEditing(limit.period)}
        />
      ))}
      <Link className="nb-card nb-limit-break" to={PLAY_LIMITS_PATH}>
        <span className="nb-limit-break__text">
          {t('playLimits.ask')}
          <span className="nb-limit-break__name">{t('playLimits.title')}</span>
        </span>
        <RightOutline aria-hidden="true" />
      </Link>
      <RealityCheckCard />
      <Link className="nb-card nb-limit-break" to={PLAY_BREAK_PATH}>
        <span className="nb-limit-break__text">
          {t('limits.breakAsk')}
          <span className="nb-limit-break__name">{t('limits.breakLink')}</span>
        </span>
        <RightOutline aria-hidden="true" />
      </Link>
    </>
  );
  return (
    <PageFrame title={t('limits.title')} backTo={DEPOSIT_PATH}>
      <PullToRefresh onRefresh={() => limits.refetch().then(() => undefined)}>{body}</PullToRefresh>
      <EditSheet
        limit={list.find((l) => l.period === editing) ?? null}
        hours={hours}
        onClose={() => setEditing(null)}
      />
    </PageFrame>
  );
}
