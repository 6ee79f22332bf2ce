import { useStore } from 'zustand';
import { getToken } from '../session/session.store';
import { api } from './api';
import { getDeviceId } from '../lib/device';
import { useDeviceConfig } from '../lib/signing/device-config.store';
import { ChatSocketClient } from '../lib/ws-client';
import { chatSocketUrl, type ConnectionState } from '../lib/ws-types';

/** The site's one chat connection (like `api` for HTTP); pages connect and close it. */
export const chatSocket = new ChatSocketClient({
  createSocket: (url) => new WebSocket(url),
  url: () => chatSocketUrl(useDeviceConfig.getState().config?.wsUrl, window.location),
  getToken,
  fetchJwt: () => api.call('memberJwt').then((answer) => answer.token),
  getDeviceId,
});

/** The chat connection state, for components. */
export function useChatConnection<T>(select: (state: ConnectionState) => T): T {
  return useStore(chatSocket.state, select);
}

let holders = 0;

/**
 * Keeps the chat connection open for one user of it (the chat page, the mail badge) until the
 * returned function is called; the socket opens with the first holder and closes with the last,
 * so leaving the chat does not cut the mail pushes of the tab pages, nor the other way round.
 */
export function holdChatSocket(): () => void {
  holders += 1;
  chatSocket.connect();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) chatSocket.close();
  };
}
