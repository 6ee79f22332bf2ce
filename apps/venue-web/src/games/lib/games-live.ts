import type { ChannelFrame, LiveChannel } from '@nebula/protocol/venue/live-channels';
import { currentSession, expireSession } from '../../lib/session';
import { ChannelClient } from './channel-client';

type Kind = 'tables' | 'lottery';
const handlers: { [K in Kind]: ((frame: ChannelFrame) => void) | null } = {
  tables: null,
  lottery: null,
};
const wants: Record<Kind, LiveChannel[]> = { tables: [], lottery: [] };

/**
 * The games page's one live socket (docs/contract.md §10.11, live channels), shared by the
 * tables' and the lottery games' stores: each says which channels its screens want and takes
 * its own frames; while the socket is not live they poll instead.
 */
export const gamesLive = new ChannelClient({
  token: () => currentSession()?.token ?? null,
  onFrame: (frame) => handlers[frame.type.startsWith('table.') ? 'tables' : 'lottery']?.(frame),
  onSessionEnded: expireSession,
});

export function onChannelFrames(kind: Kind, handler: (frame: ChannelFrame) => void): void {
  handlers[kind] = handler;
}

export function wantChannels(kind: Kind, channels: LiveChannel[]): void {
  wants[kind] = channels;
  gamesLive.follow([...wants.tables, ...wants.lottery]);
}

/** Whether the stores should poll: only while the socket is down. */
export const socketDown = (): boolean => gamesLive.status.get() !== 'live';
