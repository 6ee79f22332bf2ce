import { useTranslation } from '../../../i18n/use-translation';
import { useChatRoomStore } from '../model/chat-room.store';
import { aroundSlot, SLOT } from '../model/display';

/** "Welcome X": the latest join (throttled in the store), fading out by CSS. */
export function JoinNotice() {
  const { t } = useTranslation('chat');
  const joined = useChatRoomStore((state) => state.joinNotice);
  if (!joined) return null;
  const [before, after] = aroundSlot(t('notice.join', { nickname: SLOT }));
  return (
    <p key={joined.at} className="nb-chat-join" data-testid="chat-join">
      {before}
      <bdi className="nb-chat-join__name">{joined.nickname}</bdi>
      {after}
    </p>
  );
}
