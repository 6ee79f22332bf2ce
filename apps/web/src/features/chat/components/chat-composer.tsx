import { displayLength } from '@nebula/protocol/rules/string-length';
import { MessageId } from '@nebula/protocol/ws/message-ids';
import { CHAT_CONTENT_MAX_DISPLAY_LENGTH } from '@nebula/protocol/ws/messages';
import { Button, Toast } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { chatSocket, useChatConnection } from '../../../client/chat-socket';
import { sendText } from '../model/room-sync';

/**
 * The input row: gift button, text with the contract §8.4 length counter (a character above code 255
 * counts 2; at most 200), send. A refused message (muted, too fast…) comes back into the empty
 * input so it is not lost; the refusal itself is shown by the page.
 */
export function ChatComposer({
  roomId,
  disabled,
  onOpenGifts,
}: {
  roomId: number;
  /** Speaking is not possible now (a notice above says why). */
  disabled: boolean;
  onOpenGifts: () => void;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const connected = useChatConnection((state) => state.status === 1 && state.roomId === roomId);
  const lastSent = useRef<string | null>(null);

  useEffect(
    () =>
      chatSocket.onError((error) => {
        if (error.msgId !== MessageId.BroadcastRoom) return;
        const restore = lastSent.current;
        lastSent.current = null;
        if (restore) setText((current) => (current === '' ? restore : current));
      }),
    [],
  );

  const content = text.trim();
  const length = displayLength(content);
  const tooLong = length > CHAT_CONTENT_MAX_DISPLAY_LENGTH;
  const canType = connected && !disabled;

  const submit = () => {
    if (!canType || content === '' || tooLong) return;
    if (sendText(chatSocket, roomId, content)) {
      lastSent.current = content;
      setText('');
    } else {
      Toast.show({ content: t('input.notSent') });
    }
  };

  return (
    <div className="nb-chat-composer">
      <form
        className="nb-chat-composer__row"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <button
          type="button"
          className="nb-chat-composer__gift"
          aria-label={t('gift.open')}
          disabled={!canType}
          onClick={onOpenGifts}
        >
          <GiftOutline aria-hidden />
        </button>
        <div
          className={`nb-chat-composer__field${tooLong ? ' nb-chat-composer__field--over' : ''}`}
        >
          <input
            className="nb-chat-composer__input"
            type="text"
            aria-label={t('input.label')}
            placeholder={t('input.placeholder')}
            enterKeyHint="send"
            autoComplete="off"
            value={text}
            disabled={!canType}
            aria-invalid={tooLong}
            aria-describedby="nb-chat-counter"
            onChange={(event) => setText(event.target.value)}
          />
          <span
            id="nb-chat-counter"
            className="nb-chat-composer__count"
            data-testid="chat-counter"
            aria-label={t('input.counter', { length, max: CHAT_CONTENT_MAX_DISPLAY_LENGTH })}
          >
            {t('input.count', { length, max: CHAT_CONTENT_MAX_DISPLAY_LENGTH })}
          </span>
        </div>
        <Button
          className="nb-chat-composer__send"
          type="submit"
          color="primary"
          shape="rounded"
          size="small"
          disabled={!canType || content === '' || tooLong}
        >
          {t('input.send')}
        </Button>
      </form>
      {tooLong && (
        <p className="nb-chat-composer__error" role="alert">
          {t('input.tooLong', { max: CHAT_CONTENT_MAX_DISPLAY_LENGTH })}
        </p>
      )}
    </div>
  );
}
