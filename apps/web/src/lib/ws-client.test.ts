import { HEARTBEAT_INTERVAL_MS } from '@nebula/protocol/constants/constants';
import { errorMessages } from '@nebula/protocol/errors/codes';
import { MessageId } from '@nebula/protocol/ws/message-ids';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_ACK, openLast, setupClient as setup } from '../test/chat-client';
import { apiEvents } from './api-events';
import { CHAT_HANDSHAKE_PATH, chatErrorText, chatSocketUrl } from './ws-types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('chatSocketUrl', () => {
  it('appends the handshake path to the configured wsUrl', () => {
    expect(chatSocketUrl('wss://chat.example.com/', window.location)).toBe(
      'wss://chat.example.com/stream/ws/v1/handshake?clientType=web',
    );
  });

  it.each([
    ['http:', 'ws://site.test:8080'],
    ['https:', 'wss://site.test:8080'],
  ])('falls back to the page origin over %s', (protocol, base) => {
    const location = { protocol, host: 'site.test:8080' } as Location;
    expect(chatSocketUrl(null, location)).toBe(`${base}${CHAT_HANDSHAKE_PATH}`);
  });
});

describe('on open', () => {
  it('sets status 1, logs in with the member JWT and beats every 5000 ms', async () => {
    const { client, sockets, state, fetchJwt } = setup();
    client.connect();
    expect(state()).toMatchObject({ status: 0, phase: 'connecting' });
    expect(sockets.all).toHaveLength(1);
    await openLast(sockets);
    const socket = sockets.last();
    expect(state()).toMatchObject({ status: 1, phase: 'open', attempt: 0 });
    expect(fetchJwt).toHaveBeenCalledTimes(1);
    expect(socket.sentOf(MessageId.Login)).toEqual([
      { token: 'chat-jwt', body: { clientType: 'web', deviceId: 'device-1' } },
    ]);
    socket.receive(MessageId.Login, LOGIN_ACK);
    expect(state()).toMatchObject({ loggedIn: true, login: LOGIN_ACK });

    expect(socket.sentOf(MessageId.Heartbeat)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 1);
    expect(socket.sentOf(MessageId.Heartbeat)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sentOf(MessageId.Heartbeat)).toEqual([{}]);
    socket.receive(MessageId.Heartbeat, { serverTime: 2 });
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(socket.sentOf(MessageId.Heartbeat)).toHaveLength(2);
  });

  it('a visitor reads without logging in', async () => {
    const { client, sockets, state, fetchJwt } = setup({ token: null });
    client.joinRoom(1);
    client.connect();
    await openLast(sockets);
    expect(fetchJwt).not.toHaveBeenCalled();
    expect(sockets.last().sentOf(MessageId.Login)).toEqual([]);
    expect(sockets.last().sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 1 }]);
    expect(state().loggedIn).toBe(false);
  });

  it('joins only once the login is answered, so history comes filtered for the member', async () => {
    const { client, sockets, state } = setup();
    client.connect();
    client.joinRoom(3);
    await openLast(sockets);
    const socket = sockets.last();
    expect(socket.sentOf(MessageId.JoinRoom)).toEqual([]);
    socket.receive(MessageId.Login, LOGIN_ACK);
    expect(socket.sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 3 }]);
    expect(state().roomId).toBeNull();
    socket.receive(MessageId.JoinRoom, {
      roomId: 3,
      name: '赛事',
      status: 1,
      vipMin: 0,
      vipMax: 9,
      history: [],
    });
    expect(state().roomId).toBe(3);
  });

  it('leaving a room keeps the connection for its other holders (the mail badge)', async () => {
    const { client, sockets, state } = setup();
    client.connect();
    client.joinRoom(3);
    await openLast(sockets);
    const socket = sockets.last();
    socket.receive(MessageId.Login, LOGIN_ACK);
    socket.receive(MessageId.JoinRoom, {
      roomId: 3,
      name: '赛事',
      status: 1,
      vipMin: 0,
      vipMax: 9,
      history: [],
    });
    client.leaveRoom();
    expect(socket.sentOf(MessageId.LeaveRoom)).toEqual([{ roomId: 3 }]);
    expect(state().roomId).toBeNull();
    expect(state().phase).toBe('open');
    // A mail notice still arrives on the same socket.
    const notices: unknown[] = [];
    client.on(MessageId.MailNotice, (m) => notices.push(m));
    socket.receive(MessageId.MailNotice, { mailId: 7, title: '通知', sentAt: 1 });
    expect(notices).toEqual([{ mailId: 7, title: '通知', sentAt: 1 }]);
  });

  it('a refused login still joins, as a visitor', async () => {
    const { client, sockets, state } = setup();
    client.joinRoom(1);
    client.connect();
    await openLast(sockets);
    sockets.last().receive(MessageId.Login, { error: { code: 9101, message: 'x' } });
    expect(state().loggedIn).toBe(false);
    expect(sockets.last().sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 1 }]);
  });

  it('without a JWT (the call failed) it still joins as a visitor', async () => {
    const { client, sockets } = setup({ jwt: () => Promise.reject(new Error('offline')) });
    client.joinRoom(1);
    client.connect();
    await openLast(sockets);
    expect(sockets.last().sentOf(MessageId.Login)).toEqual([]);
    expect(sockets.last().sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 1 }]);
  });

  it('leaves the previous room when joining another', async () => {
    const { client, sockets } = setup({ token: null });
    client.joinRoom(1);
    client.connect();
    await openLast(sockets);
    const socket = sockets.last();
    socket.receive(MessageId.JoinRoom, {
      roomId: 1,
      name: '大厅',
      status: 1,
      vipMin: 0,
      vipMax: 99,
      history: [],
    });
    client.joinRoom(2);
    expect(socket.sentOf(MessageId.LeaveRoom)).toEqual([{ roomId: 1 }]);
    expect(socket.sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 1 }, { roomId: 2 }]);
  });
});

describe('frames', () => {
  it('calls the listeners of the frame id only, until unsubscribed', async () => {
    const { client, sockets } = setup({ token: null });
    const onRoom = vi.fn();
    const onStatus = vi.fn();
    const off = client.on(MessageId.BroadcastRoom, onRoom);
    client.on(MessageId.RoomStatus, onStatus);
    client.connect();
    await openLast(sockets);
    const message = {
      roomId: 1,
      id: 5,
      content: 'hi',
      sender: { memberId: 2, nickname: 'n', vipLevel: 0, avatar: '', staff: false },
      time: 1,
    };
    sockets.last().receive(MessageId.BroadcastRoom, message);
    expect(onRoom).toHaveBeenCalledWith(message);
    expect(onStatus).not.toHaveBeenCalled();
    off();
    sockets.last().receive(MessageId.BroadcastRoom, message);
    expect(onRoom).toHaveBeenCalledTimes(1);
  });

  it('a throwing listener does not stop the others', async () => {
    const { client, sockets } = setup({ token: null });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const second = vi.fn();
    client.on(MessageId.RoomStatus, () => {
      throw new Error('boom');
    });
    client.on(MessageId.RoomStatus, second);
    client.connect();
    await openLast(sockets);
    sockets.last().receive(MessageId.RoomStatus, { roomId: 1, status: 0 });
    expect(second).toHaveBeenCalledWith({ roomId: 1, status: 0 });
  });

  it('ignores text that is not a frame', async () => {
    const { client, sockets, state } = setup({ token: null });
    const any = vi.fn();
    client.onError(any);
    client.connect();
    await openLast(sockets);
    sockets.last().receiveRaw('not json');
    sockets.last().receiveRaw('{"msgId":"1","msgData":{}}');
    expect(any).not.toHaveBeenCalled();
    expect(state().phase).toBe('open');
  });

  it('maps chat error codes to the catalogue text and never feeds the HTTP code handlers', async () => {
    const { client, sockets } = setup();
    const emit = vi.spyOn(apiEvents, 'emit');
    const httpHandler = vi.fn();
    const offs = [10001, 10003, 10004, 10017, 9102].map((code) => apiEvents.on(code, httpHandler));
    const errors = vi.fn();
    client.onError(errors);
    client.connect();
    await openLast(sockets);
    const socket = sockets.last();
    socket.receive(MessageId.BroadcastRoom, { error: { code: 9102, message: 'server words' } });
    socket.receive(MessageId.Gift, { error: { code: 9109, message: 'x' } });
    // Not a chat code: shown as the chat's generic failure, not as the HTTP meaning of 10004.
    socket.receive(MessageId.SpeechStatus, { error: { code: 10004, message: 'x' } });
    expect(errors.mock.calls.map(([error]: unknown[]) => error)).toEqual([
      { msgId: 10003, code: 9102, message: errorMessages[9102] },
      { msgId: 10017, code: 9109, message: errorMessages[9109] },
      { msgId: 10004, code: 9100, message: errorMessages[9100] },
    ]);
    expect(emit).not.toHaveBeenCalled();
    expect(httpHandler).not.toHaveBeenCalled();
    offs.forEach((off) => off());
  });

  it('chatErrorText falls back to the generic chat failure', () => {
    expect(chatErrorText(9109)).toBe('余额不足，无法赠送礼物');
    expect(chatErrorText(10004)).toBe(errorMessages[9100]);
  });
});
