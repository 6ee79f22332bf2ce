import { Tabs } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { FeedbackForm } from '../components/feedback-form';
import { FeedbackList } from '../components/feedback-list';
import '../components/feedback.css';

type Tab = 'new' | 'mine';

/** /mine/feedback: send feedback, and read 我的反馈 with the operators' replies. */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'new';
  const select = (next: Tab) =>
    setParams(next === 'mine' ? { tab: 'mine' } : {}, { replace: true });
  return (
    <PageFrame title={t('title')} backTo="/mine">
      <Tabs activeKey={tab} onChange={(key) => select(key as Tab)} className="nb-fb__tabs">
        <Tabs.Tab title={t('tabs.new')} key="new" />
        <Tabs.Tab title={t('tabs.mine')} key="mine" />
      </Tabs>
      <div className="nb-fb">
        {tab === 'new' ? (
          <>
            <FeedbackForm onSent={() => select('mine')} />
            <p className="nb-fb__note">{t('note')}</p>
          </>
        ) : (
          <FeedbackList />
        )}
      </div>
    </PageFrame>
  );
}
