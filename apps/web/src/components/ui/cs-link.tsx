import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { CUSTOMER_MAIN_PATH } from '../../site/paths';

/** 联系客服: every such link on the site leads to the customer-service page. */
export function CsLink({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link className={`nb-cs-link ${className ?? ''}`} to={CUSTOMER_MAIN_PATH}>
      {label ?? t('contactCs')}
    </Link>
  );
}
