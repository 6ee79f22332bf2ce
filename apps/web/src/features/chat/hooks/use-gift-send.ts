import { useMutation } from '@tanstack/react-query';
import { chatSocket } from '../../../client/chat-socket';
import { sendGift, type GiftOrder } from '../model/gift-send';

/** Sends a gift over the socket; `onSettled` refreshes the COIN balance shown. */
export function useGiftSend(onSettled: () => void) {
  return useMutation({
    mutationFn: (order: GiftOrder) => sendGift(chatSocket, order),
    onSettled,
  });
}
