import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../../components/ui/page-states';
import { MaintenanceWindow } from '../components/maintenance-window';
import { StatusScreen } from '../components/status-screen';
import { usePreInfoPage } from '../hooks/use-pre-info-page';

/**
 * Access restriction (contract §8.1): `name=access-caveat` (6031/6033) shows the restricted notice
 * with the caller's IP; `name=access-alert` (6032) the maintenance notice.
 */
export function RestrictionIpPage() {
  const { t } = useTranslation('system');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { preInfo, loading } = usePreInfoPage();
  if (!preInfo && loading) return <PageSkeleton lines={3} />;

  // Maintenance is detected by API answers (6032), so retrying means trying the site again.
  const refresh = (
    <Button color="primary" shape="rounded" onClick={() => void navigate('/', { replace: true })}>
      {t('maintenance.refresh')}
    </Button>
  );

  if (params.get('name') === 'access-alert') {
    const config = preInfo?.maintainConfig;
    return (
      <StatusScreen
        art="/static/maintenance.svg"
        title={t('restriction.alertTitle')}
        actions={refresh}
      >
        <p className="nb-status__text">{config?.message || t('restriction.alertDescription')}</p>
        <MaintenanceWindow start={config?.startTime ?? null} end={config?.endTime ?? null} />
      </StatusScreen>
    );
  }
  return (
    <StatusScreen art="/static/restricted.svg" title={t('restriction.caveatTitle')}>
      <p className="nb-status__text">{t('restriction.caveatDescription')}</p>
      {preInfo?.ip && (
        <p className="nb-status__meta nb-amount">{t('restriction.yourIp', { ip: preInfo.ip })}</p>
      )}
    </StatusScreen>
  );
}
