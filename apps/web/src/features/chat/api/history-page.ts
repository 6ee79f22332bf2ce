import type { ChatMessage } from '@nebula/protocol/ws/messages';
import { api } from '../../../client/api';

/** Scroll-back page size: a screenful or two, small enough to answer fast on a slow network. */
export const HISTORY_PAGE_SIZE = 30;

/**
 * POST /stream/api/v1/history: the page of messages before `beforeId`, oldest first. Over HTTP
 * rather than the socket so scrolling back works while the socket reconnects.
 */
export async function fetchHistoryPage(roomId: number, beforeId: number): Promise<ChatMessage[]> {
  const page = await api.call('chatHistory', {
    body: { roomId, beforeId, limit: HISTORY_PAGE_SIZE },
  });
  return page.messages;
}
