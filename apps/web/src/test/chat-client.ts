import { vi } from 'vitest';
import { ChatSocketClient } from '../lib/ws-client';
import { CHAT_HANDSHAKE_PATH } from '../lib/ws-types';
import { fakeSockets } from './fake-websocket';

/** A chat client on fake sockets, for the ws-client tests (fake timers expected). */

export const LOGIN_ACK = { speechStatus: 0, vipMin: 0, vipMax: 99, serverTime: 1 };

export function setupClient(options: { token?: string | null; jwt?: () => Promise<string> } = {}) {
  const sockets = fakeSockets();
  let token: string | null = options.token === undefined ? 'session-token' : options.token;
  const fetchJwt = vi.fn(options.jwt ?? (() => Promise.resolve('chat-jwt')));
  const client = new ChatSocketClient({
    createSocket: sockets.create,
    url: () => `ws://chat.test${CHAT_HANDSHAKE_PATH}`,
    getToken: () => token,
    fetchJwt,
    getDeviceId: () => 'device-1',
  });
  return {
    client,
    sockets,
    fetchJwt,
    state: () => client.state.getState(),
    setToken: (value: string | null) => {
      token = value;
    },
  };
}

/** Opens the newest socket and lets the async JWT fetch finish. */
export async function openLast(sockets: ReturnType<typeof fakeSockets>): Promise<void> {
  sockets.last().open();
  await vi.advanceTimersByTimeAsync(0);
}
