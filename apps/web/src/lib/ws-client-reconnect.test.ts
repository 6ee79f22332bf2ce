import {
  HEARTBEAT_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  RECONNECT_MAX_ATTEMPTS,
} from '@nebula/protocol/constants/constants';
import { MessageId } from '@nebula/protocol/ws/message-ids';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_ACK, openLast, setupClient as setup } from '../test/chat-client';

/** contract §8.3 on close or error: status 0, room cleared, reconnects (3000 ms, 5 attempts); close(). */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('on close or error', () => {
  it('sets status 0, clears the room and reconnects after 3000 ms, joining the room again', async () => {
    const { client, sockets, state } = setup();
    client.joinRoom(1);
    client.connect();
    await openLast(sockets);
    sockets.last().receive(MessageId.Login, LOGIN_ACK);
    sockets.last().receive(MessageId.JoinRoom, {
      roomId: 1,
      name: '大厅',
      status: 1,
      vipMin: 0,
      vipMax: 99,
      history: [],
    });
    expect(state().roomId).toBe(1);

    sockets.last().drop();
    expect(state()).toMatchObject({ status: 0, roomId: null, phase: 'reconnecting', attempt: 1 });
    // With a token the login flag stays: the member is still logged in, only disconnected.
    expect(state().loggedIn).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1);
    expect(sockets.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.all).toHaveLength(2);

    await openLast(sockets);
    expect(state()).toMatchObject({ status: 1, phase: 'open', attempt: 0 });
    sockets.last().receive(MessageId.Login, LOGIN_ACK);
    expect(sockets.last().sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 1 }]);
  });

  it('makes exactly 5 attempts 3000 ms apart, then waits for the reconnect button', async () => {
    const { client, sockets, state } = setup();
    client.connect();
    await openLast(sockets);
    sockets.last().drop();
    for (let attempt = 1; attempt <= RECONNECT_MAX_ATTEMPTS; attempt += 1) {
      expect(state()).toMatchObject({ phase: 'reconnecting', attempt });
      await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
      expect(sockets.all).toHaveLength(1 + attempt);
      sockets.last().drop();
    }
    expect(state()).toMatchObject({ status: 0, phase: 'offline', attempt: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets.all).toHaveLength(1 + RECONNECT_MAX_ATTEMPTS);

    // The button starts again at once, with a fresh count.
    client.reconnect();
    expect(sockets.all).toHaveLength(2 + RECONNECT_MAX_ATTEMPTS);
    expect(state().phase).toBe('connecting');
    sockets.last().drop();
    expect(state()).toMatchObject({ phase: 'reconnecting', attempt: 1 });
  });

  it('an open connection resets the count of attempts', async () => {
    const { client, sockets, state } = setup();
    client.connect();
    await openLast(sockets);
    sockets.last().drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    sockets.last().drop();
    expect(state().attempt).toBe(2);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    await openLast(sockets);
    sockets.last().drop();
    expect(state().attempt).toBe(1);
  });

  it('schedules one reconnect for the error and close pair, and none while connecting', async () => {
    const { client, sockets } = setup();
    client.connect();
    client.connect();
    client.reconnect();
    expect(sockets.all).toHaveLength(1);
    sockets.last().drop();
    client.connect();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    expect(sockets.all).toHaveLength(2);
  });

  it('without a token there is no reconnect and the login flag resets', async () => {
    const { client, sockets, state, setToken } = setup();
    client.connect();
    await openLast(sockets);
    sockets.last().receive(MessageId.Login, LOGIN_ACK);
    setToken(null);
    sockets.last().drop();
    expect(state()).toMatchObject({ status: 0, loggedIn: false, phase: 'offline' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets.all).toHaveLength(1);
  });

  it('a heartbeat that finds no token resets the login flag', async () => {
    const { client, sockets, state, setToken } = setup();
    client.connect();
    await openLast(sockets);
    sockets.last().receive(MessageId.Login, LOGIN_ACK);
    expect(state().loggedIn).toBe(true);
    setToken(null);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(state().loggedIn).toBe(false);
  });

  it('a link silent for three heartbeat periods is treated as closed', async () => {
    const { client, sockets, state } = setup();
    client.connect();
    await openLast(sockets);
    await vi.advanceTimersByTimeAsync(3 * HEARTBEAT_INTERVAL_MS);
    expect(state().phase).toBe('open');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(sockets.all[0]?.closedByClient).toBe(true);
    expect(state()).toMatchObject({ status: 0, phase: 'reconnecting', attempt: 1 });
  });
});

describe('close()', () => {
  it('resets everything: no socket, no room, no login, no reconnect', async () => {
    const { client, sockets, state } = setup();
    client.joinRoom(1);
    client.connect();
    await openLast(sockets);
    sockets.last().receive(MessageId.Login, LOGIN_ACK);
    sockets.last().receive(MessageId.JoinRoom, {
      roomId: 1,
      name: '大厅',
      status: 1,
      vipMin: 0,
      vipMax: 99,
      history: [],
    });
    client.close();
    expect(sockets.last().closedByClient).toBe(true);
    expect(state()).toEqual({
      status: 0,
      phase: 'idle',
      attempt: 0,
      loggedIn: false,
      roomId: null,
      login: null,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets.all).toHaveLength(1);
    // A new connect does not join the old room: the page asks again.
    client.connect();
    await openLast(sockets);
    sockets.last().receive(MessageId.Login, LOGIN_ACK);
    expect(sockets.last().sentOf(MessageId.JoinRoom)).toEqual([]);
  });

  it('drops a login whose JWT arrives after the socket was closed', async () => {
    let release: (jwt: string) => void = () => undefined;
    const { client, sockets } = setup({
      jwt: () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    });
    client.connect();
    sockets.last().open();
    client.close();
    release('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets.last().sent).toEqual([]);
  });
});
