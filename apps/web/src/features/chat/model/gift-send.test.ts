import { MessageId } from '@nebula/protocol/ws/message-ids';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSocketClient } from '../../../lib/ws-client';
import { fakeSockets } from '../../../test/fake-websocket';
import { GIFT_ANSWER_TIMEOUT_MS, GiftRefused, GiftUnanswered, sendGift } from './gift-send';

const ORDER = { roomId: 1, giftId: 2, count: 10, memberId: 7 };
const sender = { memberId: 7, nickname: 'me', vipLevel: 0, avatar: '', staff: false };

async function connected() {
  const sockets = fakeSockets();
  const client = new ChatSocketClient({
    createSocket: sockets.create,
    url: () => 'ws://chat.test/x',
    getToken: () => null,
    fetchJwt: () => Promise.resolve('jwt'),
    getDeviceId: () => 'd',
  });
  client.connect();
  sockets.last().open();
  await vi.advanceTimersByTimeAsync(0);
  const socket = sockets.last();
  const keys = () => socket.sentOf(MessageId.Gift).map((frame) => frame.idempotencyKey);
  return { client, socket, keys };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sendGift', () => {
  it('a double tap sends one key, so the server debits once; the gift resolves both', async () => {
    const { client, socket, keys } = await connected();
    const first = sendGift(client, ORDER);
    const second = sendGift(client, ORDER);
    expect(keys()).toHaveLength(2);
    expect(keys()[0]).toBe(keys()[1]);
    expect(socket.sentOf(MessageId.Gift)[0]).toMatchObject({ roomId: 1, giftId: 2, count: 10 });
    const gift = { roomId: 1, id: 50, giftId: 2, count: 10, sender, time: 1 };
    // Someone else's gift of the same kind is not this one.
    socket.receive(MessageId.Gift, { ...gift, id: 49, sender: { ...sender, memberId: 8 } });
    socket.receive(MessageId.Gift, gift);
    await expect(first).resolves.toEqual(gift);
    await expect(second).resolves.toEqual(gift);

    // The action is over: the next gift is a new action with a new key.
    void sendGift(client, ORDER).catch(() => undefined);
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it('a refusal is final: shown in Chinese, and the next try is a new action', async () => {
    const { client, socket, keys } = await connected();
    const attempt = sendGift(client, ORDER);
    socket.receive(MessageId.Gift, { error: { code: 9109, message: 'raw' } });
    const error: unknown = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GiftRefused);
    expect((error as GiftRefused).error).toMatchObject({
      code: 9109,
      message: '余额不足，无法赠送礼物',
    });
    void sendGift(client, ORDER).catch(() => undefined);
    expect(keys()[1]).not.toBe(keys()[0]);
  });

  it('without an answer the outcome is unknown: the retry reuses the key', async () => {
    const { client, keys } = await connected();
    const attempt = sendGift(client, ORDER).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(GIFT_ANSWER_TIMEOUT_MS);
    expect(await attempt).toBeInstanceOf(GiftUnanswered);
    void sendGift(client, ORDER).catch(() => undefined);
    expect(keys()[1]).toBe(keys()[0]);
    // Another gift is another action.
    void sendGift(client, { ...ORDER, count: 1 }).catch(() => undefined);
    expect(keys()[2]).not.toBe(keys()[0]);
  });
});
