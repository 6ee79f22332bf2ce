import type { MemberJwt } from '@nebula/protocol';
import type { Member } from './factories';
import type { TestApp } from './test-app';
import { WsClient, type Frame } from './ws-client';

/** Where a listening test app takes chat sockets, and the Origin its own pages would send. */
export interface ChatEndpoint {
  wsUrl: string;
  origin: string;
}

/** Starts the test app listening on a free 127.0.0.1 port, for real websocket clients. */
export async function listenForChat(t: TestApp): Promise<ChatEndpoint> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  return {
    wsUrl: `ws://127.0.0.1:${port}/stream/ws/v1/handshake?clientType=web`,
    origin: `http://127.0.0.1:${port}`,
  };
}

/** The 9xxx code of a chat error frame, or undefined for a success frame. */
export const chatErrorOf = (f: Frame): number | undefined =>
  (f.msgData as { error?: { code: number } }).error?.code;

/** A socket logged in (10001) as the member with a chat JWT from its session; throws on a refusal. */
export async function chatSocket(at: ChatEndpoint, m: Member, token = m.token): Promise<WsClient> {
  const jwt = await m.client.data<MemberJwt>('memberJwt', { token });
  const ws = await WsClient.open(at.wsUrl, at.origin);
  ws.send(10001, { token: jwt.token, body: { clientType: 'web', deviceId: m.client.deviceId } });
  const code = chatErrorOf(await ws.id(10001));
  if (code !== undefined) throw new Error(`chat login refused with ${code}`);
  return ws;
}

/** Joins a room (10002) and waits for its answer. */
export async function joinRoom(ws: WsClient, roomId = 1): Promise<Frame> {
  ws.send(10002, { roomId });
  return ws.next((f) => f.msgId === 10002 && chatErrorOf(f) === undefined);
}

/**
 * Opens a socket once the node has room again (a closed socket is dropped only once the node's
 * side of the close is done): 'open' (the socket closed again here), or the last refusal's message
 * after 50 tries 50 ms apart.
 */
export async function openOnceFree(open: () => Promise<WsClient>): Promise<string> {
  let outcome = 'not tried';
  for (let i = 0; i < 50 && outcome !== 'open'; i += 1) {
    try {
      const ws = await open();
      outcome = 'open';
      ws.close();
      await ws.waitClose();
    } catch (err) {
      outcome = (err as Error).message;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return outcome;
}
