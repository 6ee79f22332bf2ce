import { useTranslation } from '../../../i18n/use-translation';
import { formatFigure } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { formatDate } from '../../../lib/format-time';
import { TAB_PATHS } from '../../../site/paths';
import { useFriendPeakBet } from '../api/flip-friends.queries';
import { ActivityHead } from '../components/activity-head';
import '../components/flip-friends.css';

const STATUS_KEY = {
  open: 'peak.statusOpen',
  due: 'peak.statusDue',
  paid: 'peak.statusPaid',
  none: 'peak.statusNone',
  ineligible: 'peak.statusIneligible',
} as const;

/** The server's word on where the inviter stands (none while it runs, or without activity). */
const STATE_KEY = {
  ineligible: 'peak.state.ineligible',
  noFriends: 'peak.state.noFriends',
  ended: 'peak.state.ended',
  running: null,
  noActivity: null,
} as const;

/** /activity/friendPeakBet: the tiers, and each invited friend's best bet so far. */
export function FriendPeakBetPage() {
  const { t } = useTranslation('flipFriends');
  const view = useFriendPeakBet();
  const v = view.data;
  const stateKey = v ? STATE_KEY[v.state] : null;
  const body = !v ? (
    view.isError ? (
      <ErrorState error={view.error} onRetry={() => void view.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <section className="nb-card" aria-labelledby="nb-peak-head">
        <h2 id="nb-peak-head" className="nb-card__title">
          {v.activity?.title ?? t('peak.title')}
        </h2>
        <ActivityHead activity={v.activity} eligibility={v.eligibility} />
        {stateKey && (
          <p className="nb-ff__notice" data-testid="peak-state" data-state={v.state}>
            {t(stateKey)}
          </p>
        )}
        {v.rule && (
          <>
            <p className="nb-ff__rule">{t('peak.rule', { days: v.rule.days })}</p>
            <h3 className="nb-flip__label">{t('peak.tiers')}</h3>
            <table className="nb-ff__table" data-testid="peak-tiers">
              <thead>
                <tr>
                  <th>{t('peak.minStake')}</th>
                  <th>{t('peak.reward')}</th>
                </tr>
              </thead>
              <tbody>
                {v.rule.tiers.map((tier) => (
                  <tr key={tier.minStake}>
                    <td>{formatFigure(tier.minStake)}</td>
                    <td>{formatFigure(tier.reward)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <p className="nb-ff__rule">
          {t('peak.paidTotal')}：
          <strong data-testid="peak-paid-total">{formatFigure(v.paidTotal)}</strong>
        </p>
      </section>
      <section className="nb-card" aria-labelledby="nb-peak-friends">
        <h2 id="nb-peak-friends" className="nb-card__title">
          {t('peak.friends')}
        </h2>
        {v.friends.length === 0 ? (
          <p className="nb-ff__rule" data-testid="peak-empty">
            {t(stateKey ?? 'peak.empty')}
          </p>
        ) : (
          <div className="nb-ff__scroll">
            <table className="nb-ff__table" data-testid="peak-friends">
              <thead>
                <tr>
                  <th>{t('peak.name')}</th>
                  <th>{t('peak.best')}</th>
                  <th>{t('peak.reward')}</th>
                  <th>{t('peak.closesAt')}</th>
                  <th>{t('peak.status')}</th>
                </tr>
              </thead>
              <tbody>
                {v.friends.map((f) => (
                  <tr key={f.friendId}>
                    <td>{f.name}</td>
                    <td>{f.bestStake === null ? '-' : formatFigure(f.bestStake)}</td>
                    <td>{f.reward === null ? '-' : formatFigure(f.reward)}</td>
                    <td>{formatDate(f.closesAt)}</td>
                    <td>{t(STATUS_KEY[f.status])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
  return (
    <PageFrame title={t('peak.title')} backTo={TAB_PATHS.discount}>
      {body}
    </PageFrame>
  );
}
