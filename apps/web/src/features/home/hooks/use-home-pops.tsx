import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { showModal } from '../../../components/ui/modal.store';
import { showSecurityTip } from '../../../components/ui/security-tip';
import { t } from '../../../i18n/i18n';
import { local, session } from '../../../lib/storage';
import { usePopInfo } from '../api/pop-info.query';
import { inSitePath } from '../components/in-site-link';

const SEEN_KEY = 'popSeen';
const TIP_KEY = 'securityTipShown';

function seenIds(): number[] {
  const value = local.getJson<unknown>(SEEN_KEY);
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}

function markSeen(id: number): void {
  local.setJson(SEEN_KEY, [...new Set([...seenIds(), id])]);
}

/** What counts as the member starting to use the page. */
const TOUCH_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
/** Marks the document once the home page has decided its dialogs (shown or not). */
const POPS_SETTLED_ATTR = 'data-home-pops';

/**
 * Home pops in order: each popInfo item once ever (remembered in localStorage), then the
 * security tip once per visit. The modal queue shows them one after another.
 *
 * They open only over a page the member has not started to use: once the member has touched,
 * typed or scrolled since the home page appeared, a dialog arriving late would land on top of
 * the tab they are reaching for, so this visit shows none (and marks none seen: they wait for
 * the next visit). The document is marked when the decision is made, so a test waits for it.
 */
export function useHomePops(): void {
  const navigate = useNavigate();
  const { data, isPending } = usePopInfo();
  const started = useRef(false);
  const touched = useRef(false);

  useEffect(() => {
    const onTouch = () => {
      touched.current = true;
    };
    for (const type of TOUCH_EVENTS) window.addEventListener(type, onTouch, { capture: true });
    return () => {
      for (const type of TOUCH_EVENTS) window.removeEventListener(type, onTouch, { capture: true });
      document.documentElement.removeAttribute(POPS_SETTLED_ATTR);
    };
  }, []);

  useEffect(() => {
    if (isPending || started.current) return;
    started.current = true;
    if (touched.current) {
      document.documentElement.setAttribute(POPS_SETTLED_ATTR, 'skipped');
      return;
    }
    const seen = new Set(seenIds());
    for (const item of data?.list ?? []) {
      if (seen.has(item.id)) continue;
      markSeen(item.id);
      const to = inSitePath(item.link);
      void showModal({
        title: item.title,
        content: item.content,
        media: item.imageUrl ? (
          <img className="nb-pop__image" src={item.imageUrl} alt="" width={600} height={400} />
        ) : undefined,
        confirmText: to ? t('home:popDetail') : undefined,
        cancelText: to ? t('common:close') : undefined,
        onConfirm: to ? () => void navigate(to) : undefined,
      });
    }
    if (session.get(TIP_KEY) !== '1') {
      session.set(TIP_KEY, '1');
      void showSecurityTip();
    }
    document.documentElement.setAttribute(POPS_SETTLED_ATTR, 'shown');
  }, [data, isPending, navigate]);
}
