import type { WithdrawOrder } from '@nebula/protocol/api/wallet/wallet.schemas';
import { Button, PullToRefresh, Tabs } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import { Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { MINE_PATH } from '../../../site/paths';
import { usePaymentAccounts } from '../api/payment-accounts.query';
import { useWalletBalances } from '../api/wallet-balances.query';
import { useWithdrawPrecheck } from '../api/withdraw-precheck.query';
import { withdrawBlocked, WithdrawChecks } from '../components/withdraw-checks';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawOrderCard, WithdrawOrderList } from '../components/withdraw-order-list';
import '../components/finance.css';
import '../components/money-forms.css';
import '../components/orders.css';

/** After a request: the order and its timeline, and the balance left (design "States"). */
function Submitted({
  order,
  onRecords,
  onAgain,
}: {
  order: WithdrawOrder;
  onRecords: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation('wallet');
  const balances = useWalletBalances();
  return (
    <>
      <section className="nb-card nb-done" role="status">
        <CheckCircleFill className="nb-done__icon" aria-hidden="true" />
        <h2 className="nb-done__title">{t('withdraw.submitted')}</h2>
        <p className="nb-done__figure">
          <Money value={order.amount} unit="CNY" />
        </p>
        <p className="nb-done__text" data-testid="withdraw-new-balance">
          {t('withdraw.newBalance')}
          {balances.data ? <Money value={balances.data.main} unit="CNY" /> : '--'}
        </p>
      </section>
      <ul className="nb-olist">
        <WithdrawOrderCard order={order} open />
      </ul>
      <div className="nb-order__actions">
        <Button block shape="rounded" color="primary" onClick={onRecords}>
          {t('withdraw.viewRecords')}
        </Button>
        <Button block shape="rounded" fill="outline" onClick={onAgain}>
          {t('withdraw.done')}
        </Button>
      </div>
    </>
  );
}

function WithdrawPanel({ onRecords }: { onRecords: () => void }) {
  const precheck = useWithdrawPrecheck();
  const accounts = usePaymentAccounts();
  const [done, setDone] = useState<WithdrawOrder | null>(null);
  if (done) return <Submitted order={done} onRecords={onRecords} onAgain={() => setDone(null)} />;
  const failed = precheck.isError ? precheck : accounts.isError ? accounts : null;
  if (failed) return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!precheck.data || !accounts.data) return <PageSkeleton lines={10} height={560} />;
  const check = precheck.data;
  const blocked = withdrawBlocked(check);
  const refresh = () => Promise.all([precheck.refetch(), accounts.refetch()]).then(() => undefined);
  return (
    <PullToRefresh onRefresh={refresh}>
      <WithdrawChecks check={check} />
      <WithdrawForm
        check={check}
        accounts={accounts.data.list}
        blocked={blocked}
        onDone={setDone}
        onRecheck={() => void precheck.refetch()}
      />
    </PullToRefresh>
  );
}

/**
 * /mine/finance/withdrawal: the checks first (real name, fund password, lock, turnover with
 * what is missing), then account, amount and fund password; `?tab=records` lists requests.
 */
export function WithdrawalPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'records' ? 'records' : 'withdraw';
  const show = (key: string) =>
    setParams(key === 'records' ? { tab: 'records' } : {}, { replace: true });
  return (
    <PageFrame title={t('withdraw.title')} backTo={MINE_PATH}>
      <Tabs className="nb-tabs" activeKey={tab} onChange={show}>
        <Tabs.Tab title={t('withdraw.withdrawTab')} key="withdraw">
          <WithdrawPanel onRecords={() => show('records')} />
        </Tabs.Tab>
        <Tabs.Tab title={t('withdraw.recordsTab')} key="records">
          <WithdrawOrderList onWithdraw={() => show('withdraw')} />
        </Tabs.Tab>
      </Tabs>
    </PageFrame>
  );
}
