import { CapsuleTabs } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import {
  AUDIT_PATH,
  DEPOSIT_LIMIT_PATH,
  INTRO_TUTORIAL_PATH,
  WITHDRAWAL_PATH,
} from '../../../site/paths';
import { TutorialSection } from '../components/tutorial-section';
import '../components/tutorial.css';

type TopicKey = 'bank' | 'usdt' | 'wallets' | 'withdraw' | 'audit' | 'limits';

const TOPICS: { key: TopicKey; art: string; to: string }[] = [
  { key: 'bank', art: 'payout', to: '/mine/addBankCard' },
  { key: 'usdt', art: 'usdt', to: '/mine/virtualCoinCard' },
  { key: 'wallets', art: 'online', to: '/mine/addAlipayCard' },
  { key: 'withdraw', art: 'withdraw', to: WITHDRAWAL_PATH },
  { key: 'audit', art: 'withdraw', to: AUDIT_PATH },
  { key: 'limits', art: 'limits', to: DEPOSIT_LIMIT_PATH },
];

/**
 * /mine/finance/introTutorial/platformTutorials: payout accounts (bank card, USDT address,
 * e-wallets), withdrawing, the turnover requirement and deposit limits.
 */
export function PlatformTutorialsPage() {
  const { t } = useTranslation('tutorial');
  const [params, setParams] = useSearchParams();
  const topic = TOPICS.find((item) => item.key === params.get('topic')) ?? TOPICS[0]!;
  return (
    <PageFrame title={t('platformTitle')} backTo={INTRO_TUTORIAL_PATH}>
      <CapsuleTabs
        className="nb-tut-tabs"
        activeKey={topic.key}
        onChange={(key) => setParams({ topic: key }, { replace: true })}
      >
        {TOPICS.map((item) => (
          <CapsuleTabs.Tab key={item.key} title={t(`platform.${item.key}.tab`)} />
        ))}
      </CapsuleTabs>
      <TutorialSection
        key={topic.key}
        art={topic.art}
        title={t(`platform.${topic.key}.title`)}
        summary={t(`platform.${topic.key}.summary`)}
        steps={t(`platform.${topic.key}.steps`, { returnObjects: true })}
        tips={t(`platform.${topic.key}.tips`, { returnObjects: true })}
        actions={
          <>
            <Link className="nb-btn nb-btn--solid" to={topic.to}>
              {t(`platform.${topic.key}.link`)}
            </Link>
            <Link className="nb-btn" to={INTRO_TUTORIAL_PATH}>
              {t('toIntro')}
            </Link>
          </>
        }
      />
    </PageFrame>
  );
}
