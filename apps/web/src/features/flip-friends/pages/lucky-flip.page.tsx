import { useTranslation } from '../../../i18n/use-translation';
import { formatFigure } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { TAB_PATHS } from '../../../site/paths';
import { useFlip } from '../api/flip-friends.mutations';
import { useLuckyFlip } from '../api/flip-friends.queries';
import { ActivityHead } from '../components/activity-head';
import { FlipCards } from '../components/flip-cards';
import { FlipHistory } from '../components/flip-history';
import { FlipSeeds } from '../components/flip-seeds';
import '../components/flip-friends.css';

/** /activity/luckyFlip: chances, the cards, the prizes with stock, seeds and my flips. */
export function LuckyFlipPage() {
  const { t } = useTranslation('flipFriends');
  const view = useLuckyFlip();
  const flip = useFlip();
  const v = view.data;
  const body = !v ? (
    view.isError ? (
      <ErrorState error={view.error} onRetry={() => void view.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <section className="nb-card" aria-labelledby="nb-flip-head">
        <h2 id="nb-flip-head" className="nb-card__title">
          {v.activity?.title ?? t('flip.title')}
        </h2>
        <ActivityHead activity={v.activity} eligibility={v.eligibility} />
        <div className="nb-flip__chances">
          <span>{t('flip.remaining')}</span>
          <span className="nb-flip__remaining" data-testid="flip-remaining">
            {v.chances.remaining}
          </span>
        </div>
        <p className="nb-ff__rule">
          {t('flip.earned', { earned: v.chances.earned, used: v.chances.used })}
        </p>
        {v.depositPerChance && (
          <p className="nb-ff__rule">
            {t('flip.byDeposit', {
              unit: formatFigure(v.depositPerChance),
              done: formatFigure(v.deposited),
            })}
          </p>
        )}
        {v.turnoverPerChance && (
          <p className="nb-ff__rule">
            {t('flip.byTurnover', {
              unit: formatFigure(v.turnoverPerChance),
              done: formatFigure(v.turnover),
            })}
          </p>
        )}
        {v.activity && (
          <>
            <p className="nb-flip__label">
              {v.chances.remaining > 0 ? t('flip.pick') : t('flip.noChance')}
            </p>
            <FlipCards
              disabled={v.chances.remaining === 0 || !v.eligibility.eligible}
              labelOf={(id) => v.prizes.find((p) => p.id === id)?.label ?? id}
              onFlip={() =>
                flip.mutateAsync(v.activity!.id).catch((err: unknown) => {
                  showToast(describeError(err).message);
                  return null;
                })
              }
            />
          </>
        )}
      </section>
      {v.prizes.length > 0 && (
        <section className="nb-card" aria-labelledby="nb-flip-prizes">
          <h2 id="nb-flip-prizes" className="nb-card__title">
            {t('flip.prizes')}
          </h2>
          <table className="nb-ff__table" data-testid="flip-prizes">
            <thead>
              <tr>
                <th>{t('flip.prize')}</th>
                <th>{t('flip.amount')}</th>
                <th>{t('flip.stock')}</th>
              </tr>
            </thead>
            <tbody>
              {v.prizes.map((p) => (
                <tr key={p.id}>
                  <td>{p.label}</td>
                  <td>{formatFigure(p.amount)}</td>
                  <td>{p.stockLeft === null ? t('flip.unlimited') : p.stockLeft}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <FlipSeeds key={v.seeds.clientSeed} seeds={v.seeds} />
      <FlipHistory flips={v.flips} />
    </>
  );
  return (
    <PageFrame title={t('flip.title')} backTo={TAB_PATHS.discount}>
      {body}
    </PageFrame>
  );
}
