import type { Gift } from '@nebula/protocol/api/chat/chat.schemas';
import type { ChatMessage, SharedBetCardMessage } from '@nebula/protocol/ws/messages';
import { DownOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { EmptyState, PageSkeleton } from '../../../components/ui/page-states';
import { useChatScroll } from '../hooks/use-chat-scroll';
import { useScrollBack } from '../hooks/use-scroll-back';
import { senderOf } from '../model/chat-items';
import { useChatRoomStore } from '../model/chat-room.store';
import { BetCard } from './bet-card';
import { JoinNotice } from './join-notice';
import { GiftRow, MessageRow } from './message-row';

function OlderControl({
  loading,
  failed,
  onLoad,
}: {
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation('chat');
  const hasOlder = useChatRoomStore((state) => state.hasOlder);
  if (!hasOlder) return <p className="nb-chat-list__edge">{t('list.noOlder')}</p>;
  return (
    <button type="button" className="nb-chat-list__older" disabled={loading} onClick={onLoad}>
      {loading ? t('list.loadingOlder') : failed ? t('list.olderFailed') : t('list.loadOlder')}
    </button>
  );
}

/**
 * The room's messages, oldest first, as a live log: scroll-back pages load near the top, new
 * messages follow at the bottom. Messages of shielded members are not shown.
 */
export function MessageList({
  viewerId,
  catalogue,
  onMenu,
  onFollow,
}: {
  viewerId: number | null;
  catalogue: Gift[];
  onMenu: (message: ChatMessage) => void;
  /** 跟投 a shared bet (composed in: it launches a venue). */
  onFollow?: (card: SharedBetCardMessage) => void;
}) {
  const { t } = useTranslation('chat');
  const items = useChatRoomStore((state) => state.items);
  const shielded = useChatRoomStore((state) => state.shielded);
  const joined = useChatRoomStore((state) => state.room !== null);
  const visible = useMemo(
    () => items.filter((item) => !shielded.includes(senderOf(item).memberId)),
    [items, shielded],
  );
  const older = useScrollBack();
  const { listRef, onScroll, toBottom, hasUnseen } = useChatScroll(
    visible,
    viewerId,
    older.loadOlder,
  );

  return (
    <div className="nb-chat-list-wrap">
      <JoinNotice />
      <div
        ref={listRef}
        className="nb-chat-list"
        role="log"
        aria-label={t('list.label')}
        onScroll={onScroll}
        data-testid="chat-list"
      >
        {!joined ? (
          <PageSkeleton lines={6} />
        ) : visible.length === 0 && !older.loading ? (
          <EmptyState title={t('list.empty')} hint={t('list.emptyHint')} />
        ) : (
          <>
            <OlderControl loading={older.loading} failed={older.failed} onLoad={older.loadOlder} />
            <ol className="nb-chat-list__items">
              {visible.map((item) => {
                if (item.kind === 'gift') {
                  const known = catalogue.find((gift) => gift.giftId === item.gift.giftId);
                  return (
                    <GiftRow
                      key={`g${item.id}`}
                      gift={item.gift}
                      name={known?.name ?? t('list.giftFallback')}
                      icon={known?.icon}
                    />
                  );
                }
                if (item.kind === 'bet') {
                  return (
                    <BetCard
                      key={`b${item.id}`}
                      card={item.card}
                      own={viewerId !== null && item.card.sender.memberId === viewerId}
                      onFollow={viewerId === null ? undefined : onFollow}
                    />
                  );
                }
                const own = viewerId !== null && item.message.sender.memberId === viewerId;
                return (
                  <MessageRow
                    key={`m${item.id}`}
                    message={item.message}
                    own={own}
                    onMenu={own || viewerId === null ? undefined : onMenu}
                  />
                );
              })}
            </ol>
          </>
        )}
      </div>
      {hasUnseen && (
        <button type="button" className="nb-chat-list__unseen" onClick={toBottom}>
          {t('list.newMessages')}
          <DownOutline aria-hidden />
        </button>
      )}
    </div>
  );
}
