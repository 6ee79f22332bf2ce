import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './float-icon.css';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/storage';
import { useSuspensionIcon } from '../api/suspension-icon.query';
import { inSitePath } from './in-site-link';

const DISMISSED_KEY = 'floatIconDismissed';

/** The floating activity icon (suspensionIcon); closing it hides it for this visit. */
export function FloatIcon() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { data } = useSuspensionIcon();
  const [dismissed, setDismissed] = useState(() => session.get(DISMISSED_KEY) === '1');
  const icon = data?.list[0];
  if (!icon || dismissed) return null;
  const to = inSitePath(icon.link);

  return (
    <aside className="nb-float">
      <button
        type="button"
        className="nb-float__icon"
        onClick={() => to && void navigate(to)}
        aria-label={icon.title}
      >
        <img src={icon.iconUrl} alt="" width={64} height={64} />
      </button>
      <button
        type="button"
        className="nb-float__close"
        aria-label={t('floatClose')}
        onClick={() => {
          session.set(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      >
        <CloseOutline />
      </button>
    </aside>
  );
}
