import { MessageId } from '@nebula/protocol/ws/message-ids';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../../session/session.store';
import { applyMailNotice } from '../api/mail.queries';

/**
 * While a member is on the site's tab pages, the chat socket stays open so new mail arrives as
 * it is sent (MailNotice, 10018) and the unread badge moves without a reload. The socket's
 * client loads after the page mounts (a visitor never needs it): it is not part of the home
 * page's first-route JavaScript (docs/benchmarks.md, "web").
 */
export function useMailNotices(): void {
  const token = useSessionStore((state) => state.token);
  const client = useQueryClient();
  useEffect(() => {
    if (token === null) return;
    let left = false;
    let stop = () => {};
    void import('../../../client/chat-socket').then(({ chatSocket, holdChatSocket }) => {
      if (left) return;
      const release = holdChatSocket();
      const off = chatSocket.on(MessageId.MailNotice, () => applyMailNotice(client, token));
      stop = () => {
        off();
        release();
      };
    });
    return () => {
      left = true;
      stop();
    };
  }, [token, client]);
}
