import { parseMoney } from '@nebula/protocol/money/fen';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Money, formatFigure } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { MINE_PATH } from '../../../site/paths';
import { useClaimRebate } from '../api/rewards.mutations';
import { useRebate } from '../api/rewards.queries';
import { EligibilityNotice } from '../components/eligibility-notice';
import '../components/rewards.css';

/** /mine/rebate: today's accrued 返水 by family, with the turnover it came from; 一键领取. */
export function RebatePage() {
  const { t } = useTranslation('rewards');
  const rebate = useRebate();
  const claim = useClaimRebate();
  const r = rebate.data;
  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: (v) => showToast(t('rebate.claimed', { amount: formatFigure(v.paidToday) })),
      onError: (err) => showToast(describeError(err).message),
    });
  const body = !r ? (
    rebate.isError ? (
      <ErrorState error={rebate.error} onRetry={() => void rebate.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <EligibilityNotice />
      <section className="nb-card" aria-labelledby="nb-rebate-today">
        <h2 id="nb-rebate-today" className="nb-card__title">
          {t('rebate.today', { day: r.day })}
        </h2>
        <table className="nb-rewards__table" data-testid="rebate-table">
          <thead>
            <tr>
              <th>{t('rebate.family')}</th>
              <th>{t('rebate.turnover')}</th>
              <th>{t('rebate.rate')}</th>
              <th>{t('rebate.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {r.families.map((f) => (
              <tr key={f.family}>
                <td>{f.name}</td>
                <td>{formatFigure(f.turnover)}</td>
                <td>{f.ratePercent}%</td>
                <td>{formatFigure(f.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="nb-rewards__total">
          <strong data-testid="rebate-total">
            <Money value={r.total} />
          </strong>
          <Button
            color="primary"
            shape="rounded"
            loading={claim.isPending}
            disabled={parseMoney(r.total) === 0n}
            onClick={onClaim}
          >
            {parseMoney(r.total) === 0n ? t('rebate.nothing') : t('rebate.claim')}
          </Button>
        </div>
        <p className="nb-rewards__rule">
          {t('rebate.cap', { cap: formatFigure(r.cap), paid: formatFigure(r.paidToday) })}
        </p>
        <p className="nb-rewards__rule">{t('rebate.rule')}</p>
      </section>
    </>
  );
  return (
    <PageFrame title={t('rebate.title')} backTo={MINE_PATH}>
      {body}
    </PageFrame>
  );
}
