import type { ChatMessage, ChatSender, GiftMessage } from '@nebula/protocol/ws/messages';
import { useTranslation } from '../../../i18n/use-translation';
import { aroundSlot, avatarSrc, formatMessageTime, giftIconSrc, SLOT } from '../model/display';

/*
 * Everything a member wrote (content, nickname) is rendered as React text: never as HTML, never
 * linkified. Nicknames sit in <bdi> and contents in their own block, so a right-to-left
 * override inside them cannot turn the text around them.
 */

function SenderLine({ sender, time }: { sender: ChatSender; time: number }) {
  const { t } = useTranslation('chat');
  return (
    <p className="nb-chat-msg__meta">
      <bdi className="nb-chat-msg__name" data-testid="chat-nickname">
        {sender.nickname}
      </bdi>
      {sender.staff && (
        <span className="nb-chat-badge nb-chat-badge--staff">{t('list.official')}</span>
      )}
      <span className="nb-chat-badge nb-chat-badge--vip">
        {t('list.vip', { level: sender.vipLevel })}
      </span>
      <time className="nb-chat-msg__time" dateTime={new Date(time).toISOString()}>
        {formatMessageTime(time)}
      </time>
    </p>
  );
}

export function MessageRow({
  message,
  own,
  onMenu,
}: {
  message: ChatMessage;
  own: boolean;
  /** Opens the message's action menu; absent for the member's own messages. */
  onMenu?: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation('chat');
  const avatar = (
    <img
      className="nb-chat-msg__avatar"
      src={avatarSrc(message.sender.avatar)}
      alt=""
      width={36}
      height={36}
    />
  );
  return (
    <li className={`nb-chat-msg${own ? ' nb-chat-msg--own' : ''}`} data-message-id={message.id}>
      {onMenu ? (
        <button
          type="button"
          className="nb-chat-msg__who"
          aria-label={t('list.actions', { nickname: message.sender.nickname })}
          onClick={() => onMenu(message)}
        >
          {avatar}
        </button>
      ) : (
        <span className="nb-chat-msg__who">{avatar}</span>
      )}
      <div className="nb-chat-msg__body">
        <SenderLine sender={message.sender} time={message.time} />
        <p className="nb-chat-msg__bubble" data-testid="chat-content">
          {message.content}
        </p>
      </div>
    </li>
  );
}

export function GiftRow({ gift, name, icon }: { gift: GiftMessage; name: string; icon?: string }) {
  const { t } = useTranslation('chat');
  const [before, after] = aroundSlot(t('list.gift', { nickname: SLOT, name, count: gift.count }));
  return (
    <li className="nb-chat-gift" data-message-id={gift.id}>
      <img className="nb-chat-gift__icon" src={giftIconSrc(icon)} alt="" width={24} height={24} />
      <span>
        {before}
        <bdi className="nb-chat-gift__name">{gift.sender.nickname}</bdi>
        {after}
      </span>
    </li>
  );
}
