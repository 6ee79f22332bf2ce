import { Button, PullToRefresh } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { MINE_PATH } from '../../../site/paths';
import { usePaymentAccounts } from '../api/payment-accounts.query';
import { ChannelIcon } from '../components/channel-icon';
import { PayoutAccountCard } from '../components/payout-account-card';
import { PayoutAccountForm } from '../components/payout-account-form';
import { useAnnounceAdded } from '../hooks/use-announce-added';
import type { PayoutIdentityState } from '../model/payout-identity';
import { PAYOUT_TYPES, payoutRouteOf } from '../model/payout-types';
import '../components/payout.css';

/**
 * The list pages of contract §8.1 (/mine/alipayAcount, /mine/virtualCoinCard…): the type's accounts,
 * masked, with cool-off and remove; adding opens the type's add page, or a sheet where the original client
 * has no add route (bank cards here, USDT, sharelife).
 */
export function PayoutListPage({ identity }: { identity: PayoutIdentityState }) {
  const { t } = useTranslation('wallet');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const accounts = usePaymentAccounts();
  const announce = useAnnounceAdded();
  const [adding, setAdding] = useState(false);
  const route = payoutRouteOf(pathname);
  if (!route) return null;
  const config = PAYOUT_TYPES[route.type];
  const typeName = t(`payout.types.${route.type}`);
  const list = accounts.data?.list.filter((a) => a.type === route.type) ?? [];
  const cap = accounts.data?.caps[route.type] ?? 0;
  const full = list.length >= cap;
  const startAdd = () =>
    config.addInPlace || !config.addPath ? setAdding(true) : void navigate(config.addPath);
  const addButton = (
    <Button
      block
      color="primary"
      shape="rounded"
      disabled={full || !accounts.data}
      onClick={startAdd}
    >
      <AddOutline aria-hidden="true" /> {t('payout.add', { type: typeName })}
    </Button>
  );

  const body = !accounts.data ? (
    accounts.isError ? (
      <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />
    ) : (
      <PageSkeleton lines={6} height={360} />
    )
  ) : (
    <>
      <section className="nb-card nb-payout-head">
        <ChannelIcon type={route.type} size={44} />
        <div className="nb-payout-head__text">
          <h2 className="nb-payout-head__title">{typeName}</h2>
          <p className="nb-payout-head__count" data-testid="payout-count">
            {t('payout.count', { count: list.length, cap })}
          </p>
        </div>
      </section>
      {list.length === 0 ? (
        <EmptyState title={t('payout.empty', { type: typeName })} hint={t('payout.emptyHint')} />
      ) : (
        <ul className="nb-pacct-list" aria-label={typeName}>
          {list.map((account) => (
            <PayoutAccountCard key={account.id} account={account} />
          ))}
        </ul>
      )}
      <div className="nb-payout-add">
        {addButton}
        {full && <p className="nb-payout-add__note">{t('payout.capNote', { cap })}</p>}
        <p className="nb-payout-add__note">{t('payout.coolOffNote')}</p>
      </div>
    </>
  );

  return (
    <PageFrame title={t(`payout.listTitle.${route.type}`)} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => accounts.refetch().then(() => undefined)}>
        {body}
      </PullToRefresh>
      <BottomSheet
        visible={adding}
        title={t(`payout.addTitle.${route.type}`)}
        onClose={() => setAdding(false)}
      >
        {identity.data ? (
          <PayoutAccountForm
            type={route.type}
            identity={identity.data}
            onAdded={(account) => {
              setAdding(false);
              void announce(account);
            }}
          />
        ) : identity.error ? (
          <ErrorState error={identity.error} onRetry={identity.retry} compact />
        ) : (
          <PageSkeleton lines={4} />
        )}
      </BottomSheet>
    </PageFrame>
  );
}
