import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import './notice.css';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { ANNOUNCEMENT_CATEGORY, useNotices } from '../api/notices.query';

/** Bottom sheet with all announcements; fetched the first time it opens. */
export function NoticeSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const { data, isPending, error, refetch } = useNotices(ANNOUNCEMENT_CATEGORY, open);
  const notices = data?.list ?? [];

  let body;
  if (error) body = <ErrorState error={error} onRetry={() => void refetch()} />;
  else if (isPending) body = <PageSkeleton lines={6} />;
  else if (notices.length === 0) body = <EmptyState title={t('noticeEmpty')} />;
  else
    body = (
      <ol className="nb-notices">
        {notices.map((notice) => (
          <li key={notice.id} className="nb-notices__item">
            <h3 className="nb-notices__title">{notice.title}</h3>
            <time className="nb-notices__time">{notice.publishedAt.slice(0, 10)}</time>
            <p className="nb-notices__content">{notice.content}</p>
          </li>
        ))}
      </ol>
    );

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="nb-sheet"
      destroyOnClose
    >
      <header className="nb-sheet__header">
        <h2 className="nb-sheet__title">{t('noticeTitle')}</h2>
        <button
          type="button"
          className="nb-sheet__close"
          onClick={onClose}
          aria-label={tc('close')}
        >
          <CloseOutline />
        </button>
      </header>
      <div className="nb-sheet__body">{body}</div>
    </Popup>
  );
}
