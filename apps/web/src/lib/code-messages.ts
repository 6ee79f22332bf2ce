import { chatMessages } from '@nebula/protocol/errors/chat-messages';
import { coreMessages } from '@nebula/protocol/errors/core-messages';
import { t } from '../i18n/i18n';

/**
 * The catalogue text of a code the site may have to show without a server message: session,
 * access and account codes. Every other code arrives with the server's message (the server
 * always sends the catalogue text), so the rest of the catalogue stays out of the first route.
 */
export function coreMessage(code: number): string {
  return Object.hasOwn(coreMessages, code)
    ? coreMessages[code as keyof typeof coreMessages]
    : t('errors:business');
}

/** The catalogue text of a chat code (the chat's websocket errors carry no message). */
export function chatMessage(code: number): string | undefined {
  return Object.hasOwn(chatMessages, code)
    ? chatMessages[code as keyof typeof chatMessages]
    : undefined;
}
