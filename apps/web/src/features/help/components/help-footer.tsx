import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';

/** Under every help page: the way on when the page did not answer the question. */
export function HelpFooter() {
  const { t } = useTranslation('help');
  return (
    <aside className="nb-help__footer">
      <p>{t('stillNeedHelp')}</p>
      <div className="nb-help__footer-links">
        <Link className="nb-pill nb-pill--solid" to="/customer/main">
          {t('contactCs')}
        </Link>
        <Link className="nb-pill" to="/mine/feedback">
          {t('sendFeedback')}
        </Link>
      </div>
    </aside>
  );
}
