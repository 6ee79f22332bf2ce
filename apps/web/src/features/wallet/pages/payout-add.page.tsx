import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { MINE_PATH } from '../../../site/paths';
import { usePaymentAccounts } from '../api/payment-accounts.query';
import { PayoutAccountForm } from '../components/payout-account-form';
import { useAnnounceAdded } from '../hooks/use-announce-added';
import type { PayoutIdentityState } from '../model/payout-identity';
import { PAYOUT_TYPES, payoutRouteOf } from '../model/payout-types';
import '../components/wallet.css';
import '../components/payout.css';

/**
 * The add pages of contract §8.1 (/mine/addEBpayCard, /mine/userInfo/authentication/bindBankCard…):
 * one component, its type read from the route; after adding, back to the type's list.
 */
export function PayoutAddPage({ identity }: { identity: PayoutIdentityState }) {
  const { t } = useTranslation('wallet');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const accounts = usePaymentAccounts();
  const announce = useAnnounceAdded();
  const route = payoutRouteOf(pathname);
  if (!route) return null;
  const config = PAYOUT_TYPES[route.type];
  const count = accounts.data?.list.filter((a) => a.type === route.type).length ?? 0;
  const cap = accounts.data?.caps[route.type] ?? null;
  const full = cap !== null && count >= cap;
  const failed = accounts.isError ? accounts.error : identity.error;

  return (
    <PageFrame title={t(`payout.addTitle.${route.type}`)} backTo={config.listPath}>
      {failed ? (
        <ErrorState
          error={failed}
          onRetry={() => (accounts.isError ? void accounts.refetch() : identity.retry())}
        />
      ) : !accounts.data || !identity.data ? (
        <PageSkeleton lines={8} height={480} />
      ) : full ? (
        <section className="nb-card nb-payout-full" role="status">
          <p>{t('payout.capReached', { cap, type: t(`payout.types.${route.type}`) })}</p>
          <Link className="nb-inline-link" to={config.listPath}>
            {t('payout.manage')}
          </Link>
        </section>
      ) : (
        <section className="nb-card">
          <p className="nb-payout-intro">{t(`payout.intro.${route.type}`)}</p>
          <PayoutAccountForm
            type={route.type}
            identity={identity.data}
            onAdded={(account) =>
              void announce(account).then(() => navigate(config.listPath, { replace: true }))
            }
          />
        </section>
      )}
      <Link className="nb-wlink" to={MINE_PATH}>
        {t('payout.backMine')}
      </Link>
    </PageFrame>
  );
}
