import { InfiniteScroll, PullToRefresh, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { confirmModal } from '../../../components/ui/modal.store';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { describeError } from '../../../lib/api-errors';
import { useMailActions, useMailList, useUnreadMail } from '../api/mail.queries';
import { MailItem } from '../components/mail-item';
import '../components/mail.css';

/** /mine/mail: the operators' messages to this member; read, delete, mark all read. */
export function MailPage() {
  const { t } = useTranslation('mail');
  const { t: tc } = useTranslation();
  const list = useMailList();
  const unread = useUnreadMail();
  const { read, remove, readAll } = useMailActions();
  const [openId, setOpenId] = useState<number | null>(null);
  const mails = list.data?.pages.flatMap((p) => p.list) ?? [];

  const fail = (error: unknown) => Toast.show({ content: describeError(error).message });
  const toggle = (id: number, isRead: boolean) => {
    setOpenId((current) => (current === id ? null : id));
    if (!isRead) read.mutate(id, { onError: fail });
  };
  const askDelete = async (id: number) => {
    const yes = await confirmModal({
      content: t('deleteConfirm'),
      confirmText: t('delete'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    remove.mutate(id, {
      onSuccess: () => Toast.show({ content: t('deleted') }),
      onError: fail,
    });
  };

  const right =
    unread > 0 ? (
      <button
        type="button"
        className="nb-mail__read-all"
        disabled={readAll.isPending}
        onClick={() =>
          readAll.mutate(undefined, {
            onSuccess: () => Toast.show({ content: t('readAllDone') }),
            onError: fail,
          })
        }
      >
        {t('readAll')}
      </button>
    ) : undefined;

  let body;
  if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageSkeleton lines={6} />;
  else if (mails.length === 0) body = <EmptyState title={t('empty')} hint={t('emptyHint')} />;
  else
    body = (
      <>
        {unread > 0 && <p className="nb-mail__summary">{t('unreadCount', { count: unread })}</p>}
        <ul className="nb-mail__list nb-card">
          {mails.map((mail) => (
            <MailItem
              key={mail.id}
              mail={mail}
              open={openId === mail.id}
              onToggle={() => toggle(mail.id, mail.read)}
              onDelete={() => void askDelete(mail.id)}
            />
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
    );

  return (
    <PageFrame title={t('title')} backTo="/mine" right={right}>
      <PullToRefresh onRefresh={() => list.refetch().then(() => undefined)}>
        <div className="nb-mail">{body}</div>
      </PullToRefresh>
    </PageFrame>
  );
}
