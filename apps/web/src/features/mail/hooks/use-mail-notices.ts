import { MessageId } from '@nebula/protocol/ws/message-ids';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatSocket, holdChatSocket } from '../../../client/chat-socket';
import { useSessionStore } from '../../../session/session.store';
import { applyMailNotice } from '../api/mail.queries';

/**
 * While a member is on the site's tab pages, the chat socket stays open so new mail arrives as
 * it is sent (MailNotice, 10018) and the unread badge moves without a reload.
 */
export function useMailNotices(): void {
  const token = useSessionStore((state) => state.token);
  const client = useQueryClient();
  useEffect(() => {
    if (token === null) return;
    const release = holdChatSocket();
    const off = chatSocket.on(MessageId.MailNotice, () => applyMailNotice(client, token));
    return () => {
      off();
      release();
    };
  }, [token, client]);
}
