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

/**
 * Home pops in order: each popInfo item once ever (remembered in localStorage), then the
 * security tip once per visit. The modal queue shows them one after another.
 */
export function useHomePops(): void {
  const navigate = useNavigate();
  const { data, isPending } = usePopInfo();
  const started = useRef(false);

  useEffect(() => {
    if (isPending || started.current) return;
    started.current = true;
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
  }, [data, isPending, navigate]);
}
