import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { MaintenanceWindow } from '../components/maintenance-window';
import { StatusScreen } from '../components/status-screen';
import { usePreInfoPage } from '../hooks/use-pre-info-page';

/** Maintenance notice with the operator's message and window from pre-info. */
export function MaintenancePage() {
  const { t } = useTranslation('system');
  const { preInfo, loading, error, retry } = usePreInfoPage();
  if (!preInfo && loading) return <PageSkeleton lines={3} />;
  if (!preInfo && error) return <ErrorState error={error} onRetry={retry} />;
  const config = preInfo?.maintainConfig;
  return (
    <StatusScreen
      art="/static/maintenance.svg"
      title={t('maintenance.title')}
      actions={
        <Button color="primary" shape="rounded" loading={loading} onClick={retry}>
          {t('maintenance.refresh')}
        </Button>
      }
    >
      <p className="nb-status__text">{config?.message || t('maintenance.description')}</p>
      <MaintenanceWindow start={config?.startTime ?? null} end={config?.endTime ?? null} />
    </StatusScreen>
  );
}
