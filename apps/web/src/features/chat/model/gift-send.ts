import { MessageId } from '@nebula/protocol/ws/message-ids';
import type { GiftMessage } from '@nebula/protocol/ws/messages';
import { actionKeyFor, fingerprintOf } from '../../../lib/action-key';
import type { ChatSocketClient } from '../../../lib/ws-client';
import type { ChatFrameError } from '../../../lib/ws-types';

/** The chat refused the gift (9109 insufficient COIN, 9114 unknown gift…): a final answer. */
export class GiftRefused extends Error {
  override readonly name = 'GiftRefused';
  constructor(readonly error: ChatFrameError) {
    super(error.message);
  }
}

/** No answer in time, or not connected: the outcome is unknown, so the key is kept. */
export class GiftUnanswered extends Error {
  override readonly name = 'GiftUnanswered';
}

/** How long a gift waits for its broadcast or refusal before the outcome counts as unknown. */
export const GIFT_ANSWER_TIMEOUT_MS = 10_000;

export interface GiftOrder {
  roomId: number;
  giftId: number;
  count: number;
  /** The sender, to recognise the broadcast of this gift among the room's. */
  memberId: number;
}

const action = actionKeyFor('chatGift');

/**
 * Sends a gift (10017) with the idempotency key of this user action (lib/action-key): a double
 * tap or a retry after no answer carries the same key, so the server debits once and answers
 * the repeat with the same gift. A refusal or a delivered gift ends the action; the next gift
 * of the same kind is a new action with a new key.
 */
export function sendGift(client: ChatSocketClient, order: GiftOrder): Promise<GiftMessage> {
  const body = { roomId: order.roomId, giftId: order.giftId, count: order.count };
  const idempotencyKey = action.keyFor(fingerprintOf(body));
  return new Promise<GiftMessage>((resolve, reject) => {
    const cleanups: (() => void)[] = [];
    const finish = (settle: () => void) => {
      cleanups.forEach((cleanup) => cleanup());
      settle();
    };
    cleanups.push(
      client.on(MessageId.Gift, (gift) => {
        const mine =
          gift.roomId === body.roomId &&
          gift.giftId === body.giftId &&
          gift.count === body.count &&
          gift.sender.memberId === order.memberId;
        if (!mine) return;
        action.settle();
        finish(() => resolve(gift));
      }),
      client.onError((error) => {
        if (error.msgId !== MessageId.Gift) return;
        action.settle();
        finish(() => reject(new GiftRefused(error)));
      }),
    );
    const timer = setTimeout(
      () => finish(() => reject(new GiftUnanswered())),
      GIFT_ANSWER_TIMEOUT_MS,
    );
    cleanups.push(() => clearTimeout(timer));
    if (!client.send(MessageId.Gift, { ...body, idempotencyKey })) {
      finish(() => reject(new GiftUnanswered()));
    }
  });
}
