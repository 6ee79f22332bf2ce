import { describe, expect, it } from 'vitest';
import { MessageId } from './message-ids';
import {
  CHAT_CONTENT_HARD_MAX,
  CHAT_CONTENT_MAX_DISPLAY_LENGTH,
  CHAT_HISTORY_LIMIT_MAX,
  GIFT_COUNT_MAX,
  clientMessageSchemas,
  isChatContentTooLong,
  isClientMessageId,
  type ClientMessageId,
} from './messages';

const share = { roomId: 1, betId: '2605141234567890' };

/** [msgId, payload, valid]. */
const cases: [ClientMessageId, unknown, boolean][] = [
  [MessageId.Heartbeat, {}, true],
  [MessageId.Heartbeat, { x: 1 }, false],
  [MessageId.Login, { token: 'jwt', body: { clientType: 'web', deviceId: 'd-1' } }, true],
  [MessageId.Login, { token: 'jwt', body: { clientType: 'h5', deviceId: 'd-1' } }, false],
  [MessageId.Login, { token: '', body: { clientType: 'web', deviceId: 'd-1' } }, false],
  [MessageId.Login, { token: 'jwt', body: { clientType: 'web', deviceId: 'd', x: 1 } }, false],
  [MessageId.Login, { token: 'jwt' }, false],
  [MessageId.JoinRoom, { roomId: 3 }, true],
  [MessageId.JoinRoom, { roomId: 0 }, false],
  [MessageId.JoinRoom, { roomId: '3' }, false],
  [MessageId.JoinRoom, { roomId: 1.5 }, false],
  [MessageId.JoinRoom, { roomId: 3, extra: true }, false],
  [MessageId.BroadcastRoom, { roomId: 3, content: '你好' }, true],
  [MessageId.BroadcastRoom, { roomId: 3, content: 'hi', clientMsgId: 'abc-123_X' }, true],
  [MessageId.BroadcastRoom, { roomId: 3, content: '   ' }, false],
  [MessageId.BroadcastRoom, { roomId: 3, content: 'x'.repeat(CHAT_CONTENT_HARD_MAX + 1) }, false],
  [MessageId.BroadcastRoom, { roomId: 3, content: 'hi', clientMsgId: 'a b' }, false],
  [MessageId.BroadcastRoom, { roomId: 3, content: 'hi', clientMsgId: 'x'.repeat(65) }, false],
  [MessageId.MsgShield, { memberId: 7, shield: true }, true],
  [MessageId.MsgShield, { memberId: 7, shield: 1 }, false],
  [MessageId.ShareBetRecord, share, true],
  [MessageId.ShareBetRecord, { ...share, betId: 99 }, false],
  [MessageId.ShareBetRecord, { ...share, betId: '' }, false],
  [MessageId.ShareBetRecord, { ...share, betId: '1 2' }, false],
  [MessageId.ShareBetRecord, { ...share, summary: 'forged' }, false],
  [MessageId.ShareBetRecord, { betId: '1' }, false],
  [MessageId.ChatHistory, { roomId: 3 }, true],
  [MessageId.ChatHistory, { roomId: 3, beforeId: 100, limit: CHAT_HISTORY_LIMIT_MAX }, true],
  [MessageId.ChatHistory, { roomId: 3, limit: CHAT_HISTORY_LIMIT_MAX + 1 }, false],
  [MessageId.ChatHistory, { roomId: 3, limit: 0 }, false],
  [MessageId.LeaveRoom, { roomId: 3 }, true],
  [
    MessageId.Gift,
    { roomId: 3, giftId: 2, count: 1, idempotencyKey: '0f8c7a4e-1d2b-4c3d-9e8f-123456789abc' },
    true,
  ],
  [
    MessageId.Gift,
    { roomId: 3, giftId: 2, count: GIFT_COUNT_MAX + 1, idempotencyKey: 'k'.repeat(8) },
    false,
  ],
  [MessageId.Gift, { roomId: 3, giftId: 2, count: 0, idempotencyKey: 'k'.repeat(8) }, false],
  [MessageId.Gift, { roomId: 3, giftId: 2, count: 1, idempotencyKey: 'short' }, false],
  [MessageId.Gift, { roomId: 3, giftId: 2, count: 1 }, false],
];

describe('client message schemas', () => {
  it.each(cases)('%i %j valid: %s', (msgId, payload, valid) => {
    expect(clientMessageSchemas[msgId].safeParse(payload).success).toBe(valid);
  });

  it('every client id has a schema, and only those', () => {
    const ids = Object.keys(clientMessageSchemas).map(Number);
    expect(ids.sort((a, b) => a - b)).toEqual([
      0, 10001, 10002, 10003, 10005, 10010, 10011, 10012, 10017,
    ]);
    for (const id of ids) expect(isClientMessageId(id)).toBe(true);
    for (const id of [10004, 10006, 10007, 10008, 10009, 10014, 99]) {
      expect(isClientMessageId(id)).toBe(false);
    }
  });

  it('trims broadcast content', () => {
    const parsed = clientMessageSchemas[MessageId.BroadcastRoom].parse({
      roomId: 1,
      content: ' hi ',
    });
    expect(parsed.content).toBe('hi');
  });
});

describe('isChatContentTooLong', () => {
  it.each([
    ['x'.repeat(CHAT_CONTENT_MAX_DISPLAY_LENGTH), false],
    ['x'.repeat(CHAT_CONTENT_MAX_DISPLAY_LENGTH + 1), true],
    ['中'.repeat(CHAT_CONTENT_MAX_DISPLAY_LENGTH / 2), false],
    ['中'.repeat(CHAT_CONTENT_MAX_DISPLAY_LENGTH / 2 + 1), true],
  ])('%#: %s', (content, tooLong) => {
    expect(isChatContentTooLong(content)).toBe(tooLong);
  });
});
