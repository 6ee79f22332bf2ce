import { Button } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import './shell-screens.css';

export function cookiesEnabled(): boolean {
  return typeof navigator === 'undefined' || navigator.cookieEnabled !== false;
}

/** Shown instead of the site when the browser refuses cookies (contract §8.1). */
export function CookiesDisabledScreen() {
  const { t } = useTranslation('shell');
  return (
    <main className="nb-screen" role="alert">
      <img className="nb-screen__art" src="/static/empty.svg" alt="" width={160} height={128} />
      <h1 className="nb-screen__title">{t('cookiesDisabled.title')}</h1>
      <p className="nb-screen__text">{t('cookiesDisabled.description')}</p>
      <Button
        color="primary"
        shape="rounded"
        className="nb-screen__action"
        onClick={() => window.location.reload()}
      >
        {t('cookiesDisabled.reload')}
      </Button>
    </main>
  );
}
