import { Tabs } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { DEPOSIT_LIMIT_PATH, INTRO_TUTORIAL_PATH, MINE_PATH } from '../../../site/paths';
import { useDepositChannels } from '../api/deposit-channels.query';
import { ChannelPicker } from '../components/channel-picker';
import { DepositConfirm } from '../components/deposit-confirm';
import { DepositForm, type DepositRequest } from '../components/deposit-form';
import { DepositOrderList } from '../components/deposit-order-list';
import { DepositOrderView } from '../components/deposit-order-view';
import { ReceivingInfo } from '../components/receiving-info';
import '../components/wallet.css';
import '../components/money-forms.css';
import '../components/orders.css';
import { CsLink } from '../../../components/ui/cs-link';

function DepositPanel({ onOrder }: { onOrder: (orderId: string) => void }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const channels = useDepositChannels();
  const [picked, setPicked] = useState<string | null>(null);
  const [request, setRequest] = useState<DepositRequest | null>(null);

  if (!channels.data) {
    return channels.isError ? (
      <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={480} />
    );
  }
  const list = channels.data.list;
  if (list.length === 0) {
    return (
      <EmptyState
        title={t('deposit.noChannels')}
        hint={t('deposit.noChannelsHint')}
        action={<CsLink />}
      />
    );
  }
  const channel = list.find((c) => c.id === picked) ?? list[0]!;

  return (
    <>
      <section className="nb-card" aria-labelledby="nb-dep-channels">
        <h2 id="nb-dep-channels" className="nb-card__title">
          {t('deposit.channel')}
        </h2>
        <ChannelPicker channels={list} value={channel.id} onChange={setPicked} />
      </section>
      <section className="nb-card" aria-label={channel.name}>
        <div className="nb-dep__head">
          <h2 className="nb-card__title nb-dep__title">{channel.name}</h2>
          <Link className="nb-dep__help" to={`${INTRO_TUTORIAL_PATH}?type=${channel.type}`}>
            <QuestionCircleOutline aria-hidden="true" />
            {t('deposit.howTo')}
          </Link>
        </div>
        {!channel.online && <ReceivingInfo channel={channel} />}
        {channel.online && <p className="nb-dep__note">{t('deposit.onlineNote')}</p>}
        <DepositForm key={channel.id} channel={channel} onSubmit={setRequest} />
      </section>
      <p className="nb-dep__limits">
        {t('deposit.limitsNote')}
        <Link className="nb-inline-link" to={DEPOSIT_LIMIT_PATH}>
          {t('deposit.viewLimits')}
        </Link>
      </p>
      <DepositConfirm
        channel={channel}
        request={request}
        onClose={() => setRequest(null)}
        onCreated={(created) => {
          setRequest(null);
          if (created.payUrl) void navigate(created.payUrl);
          else onOrder(created.orderId);
        }}
      />
    </>
  );
}

/**
 * /mine/finance/deposit: pick a channel, enter the amount, confirm; online channels go on to
 * the gateway's pay page, offline ones show the order waiting for the operator. `?order=`
 * shows one order, `?tab=records` the list.
 */
export function DepositPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const tab = params.get('tab') === 'records' ? 'records' : 'deposit';

  return (
    <PageFrame
      title={orderId ? t('order.title') : t('deposit.title')}
      backTo={MINE_PATH}
      right={
        <Link className="nb-bar-link" to={DEPOSIT_LIMIT_PATH}>
          {t('limits.short')}
        </Link>
      }
    >
      {orderId ? (
        <DepositOrderView orderId={orderId} onNew={() => setParams({})} />
      ) : (
        <Tabs
          className="nb-tabs"
          activeKey={tab}
          onChange={(key) =>
            setParams(key === 'records' ? { tab: 'records' } : {}, { replace: true })
          }
        >
          <Tabs.Tab title={t('deposit.depositTab')} key="deposit">
            <DepositPanel onOrder={(id) => setParams({ order: id })} />
          </Tabs.Tab>
          <Tabs.Tab title={t('deposit.recordsTab')} key="records">
            <DepositOrderList onDeposit={() => setParams({}, { replace: true })} />
          </Tabs.Tab>
        </Tabs>
      )}
    </PageFrame>
  );
}
