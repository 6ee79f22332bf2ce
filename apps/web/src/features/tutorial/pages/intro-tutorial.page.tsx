import { CapsuleTabs } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { DEPOSIT_PATH, PLATFORM_TUTORIALS_PATH } from '../../../site/paths';
import { TutorialSection } from '../components/tutorial-section';
import '../components/tutorial.css';

type ChannelKey = 'bank' | 'usdtTrc20' | 'usdtErc20' | 'alipay' | 'wechat' | 'ebpay' | 'koipay';

const CHANNELS: { key: ChannelKey; art: string }[] = [
  { key: 'bank', art: 'bank' },
  { key: 'usdtTrc20', art: 'usdt' },
  { key: 'usdtErc20', art: 'usdt' },
  { key: 'alipay', art: 'online' },
  { key: 'wechat', art: 'online' },
  { key: 'ebpay', art: 'online' },
  { key: 'koipay', art: 'online' },
];

/** `?type=` as the deposit page links it (a channel type) → the tutorial to open. */
function channelOf(type: string | null): ChannelKey {
  if (type === 'usdt') return 'usdtTrc20';
  return CHANNELS.find((c) => c.key === type)?.key ?? 'bank';
}

/** /mine/finance/introTutorial: how to deposit with each channel, with the warnings that matter. */
export function IntroTutorialPage() {
  const { t } = useTranslation('tutorial');
  const [params, setParams] = useSearchParams();
  const active = channelOf(params.get('type'));
  const art = CHANNELS.find((c) => c.key === active)?.art ?? 'bank';
  return (
    <PageFrame title={t('introTitle')} backTo={DEPOSIT_PATH}>
      <CapsuleTabs
        className="nb-tut-tabs"
        activeKey={active}
        onChange={(key) => setParams({ type: key }, { replace: true })}
      >
        {CHANNELS.map((channel) => (
          <CapsuleTabs.Tab key={channel.key} title={t(`channels.${channel.key}.tab`)} />
        ))}
      </CapsuleTabs>
      <TutorialSection
        key={active}
        art={art}
        title={t(`channels.${active}.title`)}
        summary={t(`channels.${active}.summary`)}
        steps={t(`channels.${active}.steps`, { returnObjects: true })}
        tips={t(`channels.${active}.tips`, { returnObjects: true })}
        actions={
          <>
            <Link className="nb-btn nb-btn--solid" to={DEPOSIT_PATH}>
              {t('goDeposit')}
            </Link>
            <Link className="nb-btn" to={PLATFORM_TUTORIALS_PATH}>
              {t('toPlatform')}
            </Link>
          </>
        }
      />
    </PageFrame>
  );
}
