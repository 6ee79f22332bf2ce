import type { ChatMessage, SharedBetCardMessage } from '@nebula/protocol/ws/messages';
import { MessageId } from '@nebula/protocol/ws/message-ids';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { chatSocket } from '../../../client/chat-socket';
import { useSessionStore } from '../../../session/session.store';
import { loginPathFor } from '../../../site/paths';
import { useChatGifts } from '../api/chat-gifts.query';
import { useChatMe } from '../api/chat-me.query';
import { ChatComposer } from '../components/chat-composer';
import { ConnectionBar } from '../components/connection-bar';
import { FilterNotice } from '../components/filter-notice';
import { GiftBurst } from '../components/gift-burst';
import { GiftSheet, type ChatCoin } from '../components/gift-sheet';
import { MessageList } from '../components/message-list';
import { MessageMenu } from '../components/message-menu';
import { RoomNotices } from '../components/room-notices';
import { ShieldListSheet } from '../components/shield-list-sheet';
import { useChatRoom } from '../hooks/use-chat-room';
import { useSpeakBlocked } from '../hooks/use-speak-blocked';
import { useChatRoomStore } from '../model/chat-room.store';
import { enterRoom, shareBet, shieldMember } from '../model/room-sync';
import { ScoreTicker } from '../components/score-ticker';
import '../components/chat.css';
import '../components/chat-bars.css';
import '../components/gifts.css';

/** The lobby (contract §7: room 1), shown at /chat. */
export const LOBBY_ROOM_ID = 1;

/** Who is looking, from member info (composed in by the route); null for a visitor. */
export interface ChatViewer {
  memberId: number;
  vipLevel: number;
}

/** `/chat` is the lobby; `/chat/:roomId` a positive id, anything else no room at all. */
export function parseRoomId(param: string | undefined): number | null {
  if (param === undefined) return LOBBY_ROOM_ID;
  if (!/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

function JoinFailure({ roomId }: { roomId: number | null }) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const error = useChatRoomStore((state) => state.joinError);
  return (
    <div className="nb-state nb-state--error" role="alert">
      <p className="nb-state__title">{error?.message ?? t('list.notFound')}</p>
      {error && <p className="nb-state__hint">{tc('errorCode', { code: error.code })}</p>}
      {roomId !== null && (
        <Button
          size="small"
          color="primary"
          fill="outline"
          shape="rounded"
          onClick={() => enterRoom(chatSocket, roomId)}
        >
          {tc('retry')}
        </Button>
      )}
      <Link className="nb-inline-link" to="/">
        {tc('backHome')}
      </Link>
    </div>
  );
}

function LoginPrompt() {
  const { t } = useTranslation('chat');
  const { pathname } = useLocation();
  return (
    <div className="nb-chat-login" data-testid="chat-login">
      <span>{t('notice.login')}</span>
      <Link className="nb-btn nb-btn--solid nb-btn--small" to={loginPathFor(pathname)}>
        {t('notice.loginAction')}
      </Link>
    </div>
  );
}

/**
 * A chat room (contract §7): visitors read public rooms, members speak and send gifts. The
 * socket lives as long as the page; everything the room shows comes from the room store.
 */
export function ChatPage({
  viewer,
  coin,
  onFollow,
}: {
  viewer: ChatViewer | null;
  coin: ChatCoin;
  /** 跟投: opens the venue with the card's selections (composed in by the route). */
  onFollow?: (card: SharedBetCardMessage) => void;
}) {
  const { t } = useTranslation('chat');
  const roomId = parseRoomId(useParams().roomId);
  const [search, setSearch] = useSearchParams();
  const shareId = search.get('shareBet');
  useChatRoom(roomId);
  const loggedIn = useSessionStore((state) => state.token !== null);
  const room = useChatRoomStore((state) => state.room);
  const joinFailed = useChatRoomStore((state) => state.joinError !== null);
  const me = useChatMe();
  // Staff speak in every room whatever its VIP range (the server exempts them too).
  const speakingLevel = me.data?.staff ? null : (viewer?.vipLevel ?? null);
  const blocked = useSpeakBlocked(speakingLevel);
  const gifts = useChatGifts();
  const catalogue = gifts.data?.list ?? [];
  const [menuFor, setMenuFor] = useState<ChatMessage | null>(null);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [shieldsOpen, setShieldsOpen] = useState(false);

  const shield = (message: ChatMessage) => {
    if (shieldMember(chatSocket, message.sender.memberId, true)) {
      Toast.show({ content: t('menu.shielded') });
    }
  };

  // A bet shared from 投注记录 (?shareBet=): sent once the room is joined, then forgotten.
  useEffect(() => {
    if (!shareId || !room || roomId === null || !loggedIn) return;
    if (/^[A-Za-z0-9_-]{1,64}$/.test(shareId) && shareBet(chatSocket, roomId, shareId))
      Toast.show({ content: t('bet.sharing') });
    setSearch({}, { replace: true });
  }, [shareId, room, roomId, loggedIn, setSearch, t]);
  useEffect(
    () =>
      chatSocket.onError((error) => {
        if (error.msgId === MessageId.ShareBetRecord) Toast.show({ content: error.message });
      }),
    [],
  );

  const openShields = () => {
    setShieldsOpen(true);
    void me.refetch();
  };

  return (
    <PageFrame
      title={room?.name || t('title')}
      className="nb-chat-page"
      right={
        loggedIn && (
          <button type="button" className="nb-chat-shields__open" onClick={openShields}>
            {t('shields.open')}
          </button>
        )
      }
    >
      <ConnectionBar />
      {roomId === null || joinFailed ? (
        <JoinFailure roomId={roomId} />
      ) : (
        <>
          <RoomNotices vipLevel={speakingLevel} />
          <ScoreTicker />
          <MessageList
            viewerId={viewer?.memberId ?? null}
            catalogue={catalogue}
            onMenu={setMenuFor}
            onFollow={onFollow}
          />
          <FilterNotice />
          {loggedIn ? (
            <ChatComposer
              roomId={roomId}
              disabled={blocked}
              onOpenGifts={() => setGiftsOpen(true)}
            />
          ) : (
            <LoginPrompt />
          )}
          {loggedIn && (
            <GiftSheet
              visible={giftsOpen}
              onClose={() => setGiftsOpen(false)}
              roomId={roomId}
              memberId={viewer?.memberId ?? null}
              coin={coin}
            />
          )}
        </>
      )}
      <GiftBurst catalogue={catalogue} />
      <MessageMenu message={menuFor} onShield={shield} onClose={() => setMenuFor(null)} />
      {loggedIn && (
        <ShieldListSheet
          visible={shieldsOpen}
          me={me.data}
          onUnshield={(memberId) => void shieldMember(chatSocket, memberId, false)}
          onClose={() => setShieldsOpen(false)}
        />
      )}
    </PageFrame>
  );
}
