import type { VipStatus } from '@nebula/protocol/api/rewards/rewards.schemas';
import { Button, DatePicker, Dialog, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { KeyValues, Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { dateOfPick, shanghaiDateTime } from '../../../lib/shanghai-date';
import { MINE_PATH, VIP_DETAILS_PATH } from '../../../site/paths';
import { useSetBirthday } from '../api/rewards.mutations';
import { useVipStatus } from '../api/rewards.queries';
import { EligibilityNotice } from '../components/eligibility-notice';
import { progressPercent } from '../model/progress';
import '../components/rewards.css';

function Measure({ label, value, target }: { label: string; value: string; target: string }) {
  return (
    <div className="nb-vip__measure">
      <div className="nb-vip__measure-label">
        <span>{label}</span>
        <span>
          <Money value={value} /> / <Money value={target} />
        </span>
      </div>
      <ProgressBar percent={progressPercent(value, target)} />
    </div>
  );
}

function Birthday({ status }: { status: VipStatus }) {
  const { t } = useTranslation('rewards');
  const [open, setOpen] = useState(false);
  const set = useSetBirthday();
  if (status.birthday)
    return <KeyValues rows={[{ key: 'b', label: t('vip.birthday'), value: status.birthday }]} />;
  const pick = async (value: Date) => {
    const date = dateOfPick(value);
    if (!(await Dialog.confirm({ content: t('vip.birthdayConfirm', { date }) }))) return;
    set.mutate(date, {
      onSuccess: () => showToast(t('vip.birthdayDone')),
      onError: (err) => showToast(describeError(err).message),
    });
  };
  return (
    <>
      <p className="nb-vip__note">{t('vip.birthdayUnset')}</p>
      <Button size="small" color="primary" fill="outline" onClick={() => setOpen(true)}>
        {t('vip.birthdaySet')}
      </Button>
      <DatePicker
        visible={open}
        onClose={() => setOpen(false)}
        min={new Date(1930, 0, 1)}
        max={new Date()}
        defaultValue={new Date(1990, 0, 1)}
        onConfirm={(v) => void pick(v)}
      />
    </>
  );
}

/** /mine/vip: the level, progress on both measures, the level's benefits, the birthday. */
export function VipPage() {
  const { t } = useTranslation('rewards');
  const vip = useVipStatus();
  const s = vip.data;
  const body = !s ? (
    vip.isError ? (
      <ErrorState error={vip.error} onRetry={() => void vip.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <EligibilityNotice />
      <section className="nb-card" aria-label={t('vip.level')} data-testid="vip-card">
        <div className="nb-vip__head">
          <span>{t('vip.level')}</span>
          <span className="nb-vip__level" data-testid="vip-level">
            {s.name}
          </span>
        </div>
        {s.next ? (
          <>
            <p className="nb-vip__note">{t('vip.toNext', { name: s.next.name })}</p>
            <Measure
              label={t('vip.deposits')}
              value={s.deposits}
              target={s.next.depositThreshold}
            />
            <Measure
              label={t('vip.turnover')}
              value={s.turnover}
              target={s.next.turnoverThreshold}
            />
          </>
        ) : (
          <p className="nb-vip__note">{t('vip.top')}</p>
        )}
        <p className="nb-vip__note">
          {t('vip.nextReview', { time: shanghaiDateTime(s.nextReviewAt) })}
        </p>
      </section>
      <section className="nb-card" aria-labelledby="nb-vip-benefits">
        <h2 id="nb-vip-benefits" className="nb-card__title">
          {t('vip.benefits')}
        </h2>
        <KeyValues
          rows={[
            {
              key: 'u',
              label: t('vip.upgradeBonus'),
              value: <Money value={s.current.upgradeBonus} />,
            },
            {
              key: 'm',
              label: t('vip.monthlyPacket'),
              value: <Money value={s.current.monthlyPacket} />,
            },
            {
              key: 'b',
              label: t('vip.birthdayPacket'),
              value: <Money value={s.current.birthdayPacket} />,
            },
            {
              key: 'c',
              label: t('vip.rebateCap'),
              value: <Money value={s.current.rebateDailyCap} />,
            },
            {
              key: 'r',
              label: t('vip.retention'),
              value: <Money value={s.current.retentionTurnover} />,
            },
          ]}
        />
        <p className="nb-vip__note">
          {t('vip.packetNote', { multiple: s.current.packetMultiple })}
        </p>
        <Link className="nb-inline-link" to={VIP_DETAILS_PATH}>
          {t('vip.details')}
        </Link>
      </section>
      <section className="nb-card">
        <Birthday status={s} />
      </section>
    </>
  );
  return (
    <PageFrame title={t('vip.title')} backTo={MINE_PATH}>
      {body}
    </PageFrame>
  );
}
