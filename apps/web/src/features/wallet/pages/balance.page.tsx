import { formatFen } from '@nebula/protocol/format/number-format';
import { formatMoney, parseMoney } from '@nebula/protocol/money/fen';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import {
  CURRENCY_PATH,
  CURRENCY_RECORD_PATH,
  MINE_PATH,
  TRANS_RECORD_PATH,
  TRANSFER_PATH,
  WITHDRAWAL_PATH,
} from '../../../site/paths';
import { useWalletBalances } from '../api/wallet-balances.query';
import '../components/wallet.css';
import '../components/finance.css';
import { currencyName } from '../../../i18n/i18n';

function BalanceCard(props: {
  title: string;
  figure: ReactNode;
  text: string;
  links: { to: string; label: string }[];
  testId: string;
}) {
  return (
    <section className="nb-card nb-bcard" aria-label={props.title}>
      <h2 className="nb-bcard__title">{props.title}</h2>
      <p className="nb-bcard__figure" data-testid={props.testId}>
        {props.figure}
      </p>
      <p className="nb-bcard__text">{props.text}</p>
      <div className="nb-bcard__links">
        {props.links.map((link) => (
          <Link key={link.to} className="nb-bcard__link" to={link.to}>
            {link.label}
          </Link>
        ))}
      </div>
    </section>
  );
}

/** /mine/balance: where the member's money is — available, locked by withdrawals, COIN. */
export function BalancePage() {
  const { t } = useTranslation('wallet');
  const balances = useWalletBalances();
  const data = balances.data;

  const body = !data ? (
    balances.isError ? (
      <ErrorState error={balances.error} onRetry={() => void balances.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <p className="nb-btotal">
        {t('balance.total')}
        <span className="nb-btotal__figure nb-amount">¥{formatFen(parseMoney(data.total))}</span>
      </p>
      <BalanceCard
        title={t('balance.main')}
        figure={<Money value={data.main} unit="CNY" />}
        text={t('balance.mainText')}
        links={[{ to: TRANS_RECORD_PATH, label: t('balance.records') }]}
        testId="balance-main"
      />
      <BalanceCard
        title={t('balance.locked')}
        figure={<Money value={data.locked} unit="CNY" />}
        text={t('balance.lockedText')}
        links={[{ to: `${WITHDRAWAL_PATH}?tab=records`, label: t('balance.withdrawRecords') }]}
        testId="balance-locked"
      />
      <BalanceCard
        title={t('balance.coin')}
        figure={<Money value={data.coin} coin unit={currencyName()} />}
        text={t('balance.coinText')}
        links={[
          { to: CURRENCY_PATH, label: t('balance.buyCoin') },
          { to: CURRENCY_RECORD_PATH, label: t('balance.coinRecords') },
        ]}
        testId="balance-coin"
      />
      <BalanceCard
        title={t('balance.venues')}
        figure={
          <Money
            value={formatMoney(
              data.venues.reduce((s, v) => s + parseMoney(v.balance), 0n) +
                parseMoney(data.inFlight),
            )}
            unit="CNY"
          />
        }
        text={
          data.venues
            .filter(
              (v) => v.balance !== '0.00' || v.pendingIn !== '0.00' || v.pendingOut !== '0.00',
            )
            .map((v) => `${v.name} ¥${formatAmount(v.balance)}`)
            .join('，') || t('balance.venuesText')
        }
        links={[{ to: TRANSFER_PATH, label: t('balance.transfer') }]}
        testId="balance-venues"
      />
    </>
  );

  return (
    <PageFrame title={t('balance.title')} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => balances.refetch().then(() => undefined)}>
        {body}
      </PullToRefresh>
    </PageFrame>
  );
}
