import { useStore } from 'zustand';
import { getToken } from '../session/session.store';
import { api } from './api';
import { getDeviceId } from './device';
import { useDeviceConfig } from './signing/device-config.store';
import { ChatSocketClient } from './ws-client';
import { chatSocketUrl, type ConnectionState } from './ws-types';

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
