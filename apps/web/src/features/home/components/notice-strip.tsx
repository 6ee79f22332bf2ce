import { lazy, Suspense, useState } from 'react';
import { SoundOutline } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import './notice.css';
import { MARQUEE_CATEGORY, useNotices } from '../api/notices.query';
import { NoticeMarquee } from './notice-marquee';

// The sheet (antd's Popup, with its animation library) loads the first time it opens.
const NoticeSheet = lazy(() => import('./notice-sheet').then((m) => ({ default: m.NoticeSheet })));

/** The scrolling notice line (category 1); a tap opens every announcement (category 2). */
export function NoticeStrip() {
  const { t } = useTranslation('home');
  const [open, setOpenState] = useState(false);
  const [opened, setOpened] = useState(false);
  const setOpen = (value: boolean) => {
    if (value) setOpened(true);
    setOpenState(value);
  };
  const { data, isPending } = useNotices(MARQUEE_CATEGORY);
  const text = (data?.list ?? []).map((notice) => notice.content || notice.title).join('　　');

  return (
    <>
      {/* A div, not a <button>: the bar renders block elements inside. */}
      <div
        role="button"
        tabIndex={0}
        className="nb-notice"
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-label={t('noticeTitle')}
      >
        <NoticeMarquee
          icon={<SoundOutline />}
          // While loading, keep the line's height with an empty bar: no layout shift.
          content={isPending ? '' : text || t('noticeMarqueeEmpty')}
          speed={40}
          delay={1000}
        />
      </div>
      {opened && (
        <Suspense fallback={null}>
          <NoticeSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
