import { RECONNECT_MAX_ATTEMPTS } from '@nebula/protocol/constants/constants';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { chatSocket, useChatConnection } from '../../../client/chat-socket';

/** The connection state while not connected: connecting, retry n of 5, or the reconnect button. */
export function ConnectionBar() {
  const { t } = useTranslation('chat');
  const phase = useChatConnection((state) => state.phase);
  const attempt = useChatConnection((state) => state.attempt);
  if (phase === 'open' || phase === 'idle') return null;
  return (
    <div
      className={`nb-chat-conn nb-chat-conn--${phase}`}
      role="status"
      data-testid="chat-connection"
    >
      <span className="nb-chat-conn__text">
        {phase === 'connecting' && t('connection.connecting')}
        {phase === 'reconnecting' &&
          t('connection.reconnecting', { attempt, max: RECONNECT_MAX_ATTEMPTS })}
        {phase === 'offline' && t('connection.offline')}
      </span>
      {phase === 'offline' && (
        <Button size="mini" color="primary" shape="rounded" onClick={() => chatSocket.reconnect()}>
          {t('connection.reconnect')}
        </Button>
      )}
    </div>
  );
}
