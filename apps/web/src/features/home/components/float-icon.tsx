import { CloseOutline } from '../../../components/ui/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
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
  const docked = useDockedWhileScrolling();
  const icon = data?.list[0];
  if (!icon || dismissed) return null;
  const to = inSitePath(icon.link);

  return (
    <aside className={`nb-float${docked ? ' nb-float--docked' : ''}`}>
      <button
        type="button"
        className="nb-float__icon"
        onClick={() => to && void navigate(to)}
        aria-label={icon.title}
      >
        <img src={icon.iconUrl} alt="" width={56} height={56} />
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

const SCROLL_IDLE_MS = 700;

/** True while the page scrolls and shortly after: the icon steps aside meanwhile. */
function useDockedWhileScrolling(): boolean {
  const [docked, setDocked] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      setDocked(true);
      clearTimeout(timer);
      timer = setTimeout(() => setDocked(false), SCROLL_IDLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);
  return docked;
}
