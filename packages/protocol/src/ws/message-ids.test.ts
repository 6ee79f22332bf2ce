import { describe, expect, it } from 'vitest';
import { MessageId, isMessageId, messageName } from './message-ids';

describe('MessageId', () => {
  it.each([
    ['Heartbeat', 0],
    ['Login', 10001],
    ['JoinRoom', 10002],
    ['BroadcastRoom', 10003],
    ['SpeechStatus', 10004],
    ['MsgShield', 10005],
    ['RoomStatus', 10006],
    ['ChatVIPLevel', 10007],
    ['BroadcastJoin', 10008],
    ['AllRoomMaintain', 10009],
    ['ShareBetRecord', 10010],
    ['ChatHistory', 10011],
    ['LeaveRoom', 10012],
    ['Score', 10014],
    ['Gift', 10017],
    ['MailNotice', 10018],
  ] as const)('%s is %i (contract §8.2)', (name, id) => {
    expect(MessageId[name]).toBe(id);
    expect(isMessageId(id)).toBe(true);
    expect(messageName(id)).toBe(name);
  });

  it('has exactly the 15 contract §7 ids and the mail notice (10018)', () => {
    expect(Object.keys(MessageId)).toHaveLength(16);
    expect(new Set(Object.values(MessageId)).size).toBe(16);
  });

  it.each([10013, 10015, 10016, -1, 1, 10001.5, '10001', null])('%j is not an id', (value) => {
    expect(isMessageId(value)).toBe(false);
    if (typeof value === 'number') expect(messageName(value)).toBeUndefined();
  });
});
