import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { listenForChat } from '../test/chat-harness';
import { WsClient } from '../test/ws-client';

let t: TestApp;
let port: number;
let wsUrl: string;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  ({ wsUrl, origin } = await listenForChat(t));
  port = Number(new URL(wsUrl).port);
});
afterAll(() => t.close());

/**
 * A raw websocket upgrade request: what the server answers first (its status line) and whether
 * it then closes the connection by itself. A socket it leaves open is held with nobody reading
 * it (Node hands upgraded sockets over and applies no timeout), so it must close.
 */
function upgrade(
  path: string,
  method = 'GET',
  from = origin,
): Promise<{ status: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ status: data.split('\r\n')[0] ?? '', closedByServer: false });
    }, 2000);
    socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ status: data.split('\r\n')[0] ?? '', closedByServer: true });
    });
    socket.on('error', reject);
    socket.write(
      [
        `${method} ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        `Origin: ${from}`,
        '',
        '',
      ].join('\r\n'),
    );
  });
}

describe('websocket upgrades', () => {
  it('upgrades the chat path', async () => {
    const ws = await WsClient.open(wsUrl, origin);
    ws.send(0, {});
    await ws.id(0);
    ws.close();
  });

  it.each([
    ['a route that answers over HTTP', '/healthz'],
    ['an API path no route takes', '/site/api/v1/nothing/here'],
    ['a page path', '/'],
    ['the chat path with a trailing segment', '/stream/ws/v1/handshake/more'],
  ])('refuses and closes an upgrade to %s', async (_what, path) => {
    const r = await upgrade(path);
    expect(r.status).not.toMatch(/ 101 /);
    expect(r.status).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(r.closedByServer).toBe(true);
  });

  it('refuses and closes an upgrade of a method other than GET on the chat path', async () => {
    const r = await upgrade('/stream/ws/v1/handshake', 'POST');
    expect(r.status).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(r.closedByServer).toBe(true);
  });

  it('closes the socket after refusing a foreign Origin on the chat path', async () => {
    const r = await upgrade('/stream/ws/v1/handshake', 'GET', 'https://evil.example');
    expect(r.status).toMatch(/^HTTP\/1\.1 403 /);
    expect(r.closedByServer).toBe(true);
  });
});
