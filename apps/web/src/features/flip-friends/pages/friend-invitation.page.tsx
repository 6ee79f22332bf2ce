import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatFigure } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { QrCode } from '../../../components/ui/qr-code';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format-time';
import { REGISTER_PATH, TAB_PATHS } from '../../../site/paths';
import { useClaimInvitation } from '../api/flip-friends.mutations';
import { useFriendInvitation } from '../api/flip-friends.queries';
import { ActivityHead } from '../components/activity-head';
import '../components/flip-friends.css';

const STATUS_KEY = {
  registered: 'invite.statusRegistered',
  deposited: 'invite.statusDeposited',
  active: 'invite.statusActive',
} as const;

/** The registration link with the member's code (kept by the site's referral capture). */
export const inviteLink = (code: string) =>
  `${window.location.origin}${REGISTER_PATH}?invite_code=${encodeURIComponent(code)}`;

/** /activity/friendInvitation: my code, link and QR poster, the friends and their rewards. */
export function FriendInvitationPage() {
  const { t } = useTranslation('flipFriends');
  const view = useFriendInvitation();
  const claim = useClaimInvitation();
  const v = view.data;
  const body = !v ? (
    view.isError ? (
      <ErrorState error={view.error} onRetry={() => void view.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <section className="nb-card nb-invite__poster" aria-label={t('invite.poster')}>
        <p>{t('invite.code')}</p>
        <p className="nb-invite__code" data-testid="invite-code">
          {v.inviteCode}
        </p>
        <QrCode text={inviteLink(v.inviteCode)} size={168} label={t('invite.poster')} />
        <p>{t('invite.poster')}</p>
        <div className="nb-invite__link">
          <span data-testid="invite-link">{inviteLink(v.inviteCode)}</span>
          <CopyButton text={inviteLink(v.inviteCode)} label={t('invite.copy')} />
        </div>
      </section>
      <section className="nb-card" aria-labelledby="nb-invite-friends">
        <h2 id="nb-invite-friends" className="nb-card__title">
          {v.activity?.title ?? t('invite.title')}
        </h2>
        <ActivityHead activity={v.activity} eligibility={v.eligibility} />
        {v.rule && (
          <p className="nb-ff__rule">
            {t('invite.rule', {
              deposit: formatFigure(v.rule.minFirstDeposit),
              days: v.rule.turnoverDays,
              turnover: formatFigure(v.rule.minTurnover),
              reward: formatFigure(v.rule.reward),
            })}
          </p>
        )}
        <p className="nb-ff__rule">
          {t('invite.paidTotal')}：
          <strong data-testid="invite-paid-total">{formatFigure(v.paidTotal)}</strong>
        </p>
        {v.activity && (
          <Button
            color="primary"
            shape="rounded"
            block
            disabled={v.claimable === 0 || !v.eligibility.eligible}
            loading={claim.isPending}
            onClick={() =>
              claim.mutate(undefined, {
                onSuccess: () => showToast(t('invite.claimed')),
                onError: (err) => showToast(describeError(err).message),
              })
            }
          >
            {v.claimable > 0 ? t('invite.claim', { n: v.claimable }) : t('invite.nothing')}
          </Button>
        )}
        <h3 className="nb-flip__label">{t('invite.friends')}</h3>
        {v.friends.length === 0 ? (
          <p className="nb-ff__rule">{t('invite.empty')}</p>
        ) : (
          <div className="nb-ff__scroll">
            <table className="nb-ff__table" data-testid="invite-friends">
              <thead>
                <tr>
                  <th>{t('invite.name')}</th>
                  <th>{t('invite.registeredAt')}</th>
                  <th>{t('invite.status')}</th>
                  <th>{t('invite.firstDeposit')}</th>
                  <th>{t('invite.turnover')}</th>
                  <th>{t('invite.reward')}</th>
                </tr>
              </thead>
              <tbody>
                {v.friends.map((f) => (
                  <tr key={f.friendId}>
                    <td>{f.name}</td>
                    <td>{formatDate(f.registeredAt)}</td>
                    <td>{t(STATUS_KEY[f.status])}</td>
                    <td>{f.firstDeposit === null ? '-' : formatFigure(f.firstDeposit)}</td>
                    <td>{formatFigure(f.turnover)}</td>
                    <td>
                      {f.paid !== null
                        ? formatFigure(f.paid)
                        : f.qualified
                          ? t('invite.qualified')
                          : '-'}
                    </td>
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
    <PageFrame title={t('invite.title')} backTo={TAB_PATHS.discount}>
      {body}
    </PageFrame>
  );
}
