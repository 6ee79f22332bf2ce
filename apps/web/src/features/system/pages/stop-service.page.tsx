import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { PageSkeleton } from '../../../components/ui/page-states';
import { StatusScreen } from '../components/status-screen';
import { usePreInfoPage } from '../hooks/use-pre-info-page';

/** Service stopped (pre-info maintainConfig.status 0, contract §8.3). Leaves once the site is back. */
export function StopServicePage() {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  const { preInfo, loading, fresh, retry } = usePreInfoPage();
  const running = fresh && preInfo?.maintainConfig.status !== 0;

  useEffect(() => {
    if (running) void navigate('/', { replace: true });
  }, [running, navigate]);

  if (!preInfo && loading) return <PageSkeleton lines={3} />;
  const message = preInfo?.maintainConfig.message;
  return (
    <StatusScreen
      art="/static/maintenance.svg"
      title={t('stopService.title')}
      actions={
        <Button color="primary" shape="rounded" loading={loading} onClick={retry}>
          {t('stopService.refresh')}
        </Button>
      }
    >
      <p className="nb-status__text">{message || t('stopService.description')}</p>
    </StatusScreen>
  );
}
