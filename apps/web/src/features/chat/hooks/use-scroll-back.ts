import { useMutation } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE, fetchHistoryPage } from '../api/history-page';
import { historyItem, mergeItems, oldestId } from '../model/chat-items';
import { useChatRoomStore } from '../model/chat-room.store';

/** Loads the page before the oldest message shown (HTTP history, beforeId) into the room. */
export function useScrollBack() {
  const mutation = useMutation({
    mutationFn: async () => {
      const { roomId, items } = useChatRoomStore.getState();
      const beforeId = oldestId(items);
      if (roomId === null || beforeId === null) return null;
      return { roomId, messages: await fetchHistoryPage(roomId, beforeId) };
    },
    onSuccess: (page) => {
      if (!page || useChatRoomStore.getState().roomId !== page.roomId) return;
      useChatRoomStore.setState((state) => ({
        items: mergeItems(state.items, page.messages.map(historyItem)),
        hasOlder: page.messages.length >= HISTORY_PAGE_SIZE,
      }));
    },
  });
  const { isPending, mutate } = mutation;
  return {
    loading: isPending,
    failed: mutation.isError,
    /** Asks for the previous page unless one is on its way or none is left. */
    loadOlder: () => {
      if (!isPending && useChatRoomStore.getState().hasOlder) mutate();
    },
  };
}
