import { describe, expect, it } from 'vitest';
import { ErrorCode, errorMessages } from '../errors/codes';
import {
  UNPARSED_MSG_ID,
  chatErrorCodes,
  decodeClientFrame,
  decodeServerFrame,
  encodeClientFrame,
  encodeErrorFrame,
  encodeServerFrame,
  isChatErrorCode,
  isErrorFrame,
} from './frame';
import { MessageId } from './message-ids';

describe('chat error codes', () => {
  it('are all 9xxx catalogue codes with a message', () => {
    for (const code of chatErrorCodes) {
      expect(code).toBeGreaterThanOrEqual(9000);
      expect(code).toBeLessThanOrEqual(9999);
      expect(errorMessages[code]).toBeTruthy();
      expect(isChatErrorCode(code)).toBe(true);
    }
  });
  it.each([10001, 6000, 7001, 9999])('%i is not a chat code', (code) => {
    expect(isChatErrorCode(code)).toBe(false);
  });
});

describe('encoding', () => {
  it('client and server frames are { msgId, msgData } JSON', () => {
    expect(JSON.parse(encodeClientFrame(MessageId.JoinRoom, { roomId: 3 }))).toEqual({
      msgId: 10002,
      msgData: { roomId: 3 },
    });
    expect(encodeClientFrame(MessageId.Heartbeat, {})).toBe('{"msgId":0,"msgData":{}}');
    expect(encodeServerFrame(MessageId.Heartbeat, { serverTime: 5 })).toBe(
      '{"msgId":0,"msgData":{"serverTime":5}}',
    );
  });

  it('an error frame keeps the msgId and defaults to the catalogue message', () => {
    expect(JSON.parse(encodeErrorFrame(10003, ErrorCode.ChatMuted))).toEqual({
      msgId: 10003,
      msgData: { error: { code: 9102, message: errorMessages[9102] } },
    });
    expect(JSON.parse(encodeErrorFrame(10002, ErrorCode.ChatRoomClosed, '关闭了'))).toEqual({
      msgId: 10002,
      msgData: { error: { code: 9104, message: '关闭了' } },
    });
  });
});

describe('decodeClientFrame', () => {
  it('accepts a valid frame and returns the parsed payload', () => {
    const result = decodeClientFrame('{"msgId":10003,"msgData":{"roomId":1,"content":" hi "}}');
    expect(result).toEqual({
      ok: true,
      frame: { msgId: 10003, msgData: { roomId: 1, content: 'hi' } },
    });
    if (result.ok && result.frame.msgId === MessageId.BroadcastRoom) {
      // msgData narrows by msgId.
      expect(result.frame.msgData.content).toBe('hi');
    }
  });

  it.each([
    ['not json', UNPARSED_MSG_ID, 9107],
    ['[]', UNPARSED_MSG_ID, 9107],
    ['null', UNPARSED_MSG_ID, 9107],
    ['"text"', UNPARSED_MSG_ID, 9107],
    ['{"msgData":{}}', UNPARSED_MSG_ID, 9107],
    ['{"msgId":"10002","msgData":{}}', UNPARSED_MSG_ID, 9107],
    ['{"msgId":1.5,"msgData":{}}', UNPARSED_MSG_ID, 9107],
    ['{"msgId":10002}', 10002, 9107],
    ['{"msgId":10002,"msgData":[]}', 10002, 9107],
    ['{"msgId":10002,"msgData":"x"}', 10002, 9107],
    ['{"msgId":10002,"msgData":{"roomId":1},"extra":1}', 10002, 9107],
    ['{"msgId":10002,"msgData":{"roomId":"1"}}', 10002, 9107],
    ['{"msgId":10002,"msgData":{"roomId":1,"x":1}}', 10002, 9107],
    ['{"msgId":10013,"msgData":{}}', 10013, 9108],
    ['{"msgId":10014,"msgData":{}}', 10014, 9108], // Score is server → client only
    ['{"msgId":-1,"msgData":{}}', -1, 9108],
  ])('%s → error %i/%i', (text, msgId, code) => {
    const result = decodeClientFrame(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.msgId).toBe(msgId);
      expect(result.code).toBe(code);
      expect(result.detail.length).toBeGreaterThan(0);
    }
  });

  it('round-trips what encodeClientFrame writes', () => {
    const text = encodeClientFrame(MessageId.Gift, {
      roomId: 1,
      giftId: 2,
      count: 3,
      idempotencyKey: '0f8c7a4e-1d2b-4c3d-9e8f-123456789abc',
    });
    const result = decodeClientFrame(text);
    expect(result.ok && result.frame).toEqual(JSON.parse(text));
  });
});

describe('decodeServerFrame and isErrorFrame', () => {
  it('reads data and error frames', () => {
    const data = decodeServerFrame(
      encodeServerFrame(MessageId.RoomStatus, { roomId: 1, status: 0 }),
    );
    expect(data).toEqual({ msgId: 10006, msgData: { roomId: 1, status: 0 } });
    expect(data && isErrorFrame(data)).toBe(false);

    const error = decodeServerFrame(encodeErrorFrame(10003, ErrorCode.ChatFloodLimited));
    expect(error && isErrorFrame(error)).toBe(true);
  });

  it.each(['nope', '[]', '{"msgId":1}', '{"msgId":"0","msgData":{}}'])(
    '%s is not a frame',
    (text) => {
      expect(decodeServerFrame(text)).toBeNull();
    },
  );

  it.each([
    [{ error: 'x' }, false],
    [{ error: null }, false],
    [{ error: { code: 9101 } }, false],
    [{ error: { code: 9101, message: 'm' } }, true],
  ])('isErrorFrame(%j) = %s', (msgData, expected) => {
    expect(isErrorFrame({ msgId: 1, msgData })).toBe(expected);
  });
});
