import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  errorCodeRanges,
  errorMessages,
  isErrorCode,
  logoutCodes,
  messageFor,
} from './codes';
import { chatMessages } from './chat-messages';
import { coreMessages } from './core-messages';

/**
 * The codes of the contract §3 catalogue. contract §3 also lists "0 success" (the original client's
 * internal success value); on this site's wire success is 6000 only, so 0 is not a site code.
 */
const specCodes = [
  6000, 10102, 6001, 10104, 10105, 10004, 6031, 6033, 6032, 6013, 6014, 10108, 10409, 10009, 10001,
  10003, 6002, 6021, 6022, 6023, 6024, 6025, 6026, 6027, 6028, 6029, 6035, 6036, 6037, 6038, 6039,
  6501, 22007, 900000, 301220, 600101, 244102,
];

const allCodes = Object.values(ErrorCode) as number[];
const HAN = /\p{Script=Han}/u;
const numeric = (a: number, b: number) => a - b;

describe('error catalogue', () => {
  it.each(specCodes)('contract §3 code %i has a Chinese message', (code) => {
    expect(isErrorCode(code)).toBe(true);
    expect(messageFor(code)).toMatch(HAN);
  });

  it('every code has exactly one entry, and every message is Chinese', () => {
    expect(new Set(allCodes).size).toBe(allCodes.length);
    expect(Object.keys(errorMessages).map(Number).sort(numeric)).toEqual(
      [...allCodes].sort(numeric),
    );
    for (const code of allCodes) expect(messageFor(code).trim()).toMatch(HAN);
  });

  it('no two codes share a message (one meaning per code)', () => {
    const messages = Object.values(errorMessages);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('codes added after contract §3 lie in the contract §2 ranges', () => {
    const ranges = Object.values(errorCodeRanges);
    const added = allCodes.filter((code) => !specCodes.includes(code));
    expect(added.length).toBeGreaterThan(0);
    for (const code of added) {
      expect(
        ranges.some(([min, max]) => code >= min && code <= max),
        `code ${code}`,
      ).toBe(true);
    }
  });

  it('the ranges match contract §2', () => {
    expect(errorCodeRanges).toEqual({
      accounts: [6040, 6099],
      wallet: [7000, 7999],
      venues: [8000, 8999],
      activitiesChatResponsible: [9000, 9999],
    });
  });

  it.each([
    [ErrorCode.ChatNotLoggedIn, 9101],
    [ErrorCode.ChatMuted, 9102],
    [ErrorCode.ChatVipNotAllowed, 9103],
    [ErrorCode.ChatRoomClosed, 9104],
    [ErrorCode.ChatFloodLimited, 9105],
    [ErrorCode.ChatMessageTooLong, 9106],
    [ErrorCode.ChatMalformedFrame, 9107],
    [ErrorCode.ChatUnknownMessage, 9108],
    [ErrorCode.ChatInsufficientCoin, 9109],
    [ErrorCode.ChatRoomNotFound, 9110],
    [ErrorCode.ChatMessageShielded, 9111],
  ])('chat code %i is %i', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([0, -1, 1, 9999, 10002, 123456789, Number.NaN])(
    'messageFor(%s) falls back to 10001',
    (code) => {
      expect(isErrorCode(code)).toBe(false);
      expect(messageFor(code)).toBe(errorMessages[10001]);
    },
  );

  it('logout codes are the contract §3 logout handler codes', () => {
    expect([...logoutCodes].sort(numeric)).toEqual([6001, 10004, 10104, 10105]);
  });

  it('the split message maps hold exactly the session, account and chat codes', () => {
    const codes = Object.keys(errorMessages).map(Number);
    const core = codes.filter((c) => c < 7000 || c >= 10000);
    const chat = codes.filter((c) => c >= 9100 && c <= 9199);
    expect(Object.keys(coreMessages).map(Number).sort(numeric)).toEqual(core.sort(numeric));
    expect(Object.keys(chatMessages).map(Number).sort(numeric)).toEqual(chat.sort(numeric));
  });
});
