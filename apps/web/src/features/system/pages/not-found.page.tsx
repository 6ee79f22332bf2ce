import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { StatusScreen } from '../components/status-screen';

export function NotFoundPage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusScreen
      art="/static/empty.svg"
      title={t('notFound.title')}
      actions={
        <Button
          color="primary"
          shape="rounded"
          onClick={() => void navigate('/', { replace: true })}
        >
          {tc('backHome')}
        </Button>
      }
    >
      <p className="nb-status__text">{t('notFound.description')}</p>
    </StatusScreen>
  );
}
