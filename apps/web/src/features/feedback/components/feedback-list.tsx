import type { Feedback } from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { formatDateTime } from '../../../lib/format-time';
import { useMyFeedback } from '../api/feedback.queries';

function FeedbackCard({ item }: { item: Feedback }) {
  const { t } = useTranslation('feedback');
  return (
    <li className="nb-card nb-fb__item">
      <div className="nb-fb__item-head">
        <span className="nb-fb__tag">{t(`categories.${item.category}`)}</span>
        <span className={`nb-fb__status nb-fb__status--${item.status}`}>
          {t(`status.${item.status}`)}
        </span>
      </div>
      <p className="nb-fb__text">{item.content}</p>
      {item.contact && (
        <p className="nb-fb__meta">{t('contactShown', { contact: item.contact })}</p>
      )}
      <p className="nb-fb__meta">{formatDateTime(item.createdAt)}</p>
      {item.reply ? (
        <div className="nb-fb__reply">
          <p className="nb-fb__reply-title">
            {t('reply')}
            {item.repliedAt !== null && <span> · {formatDateTime(item.repliedAt)}</span>}
          </p>
          <p className="nb-fb__text">{item.reply}</p>
        </div>
      ) : (
        <p className="nb-fb__waiting">{t('noReply')}</p>
      )}
    </li>
  );
}

/**
 * 我的反馈: what the member sent, with its status and the operator's reply. Pulled down, it
 * asks again (a reply may have come since).
 */
export function FeedbackList() {
  const { t } = useTranslation('feedback');
  const { t: tc } = useTranslation();
  const list = useMyFeedback();
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <PageSkeleton lines={5} />;
  const items = list.data.pages.flatMap((p) => p.list);
  return (
    <PullToRefresh onRefresh={() => list.refetch().then(() => undefined)}>
      {items.length === 0 ? (
        <EmptyState title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <>
          <ul className="nb-fb__list">
            {items.map((item) => (
              <FeedbackCard key={item.id} item={item} />
            ))}
          </ul>
          <InfiniteScroll
            hasMore={list.hasNextPage}
            loadMore={async () => {
              await list.fetchNextPage({ throwOnError: true });
            }}
          >
            {list.hasNextPage ? tc('loading') : tc('noMore')}
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
