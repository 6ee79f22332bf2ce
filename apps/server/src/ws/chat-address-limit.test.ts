import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSocket, listenForChat, openOnceFree, type ChatEndpoint } from '../test/chat-harness';
import { registerMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { WsClient } from '../test/ws-client';

/**
 * An address holds at most CHAT_ANON_PER_IP sockets that have not logged in (here 2). Past it an
 * upgrade is refused with 503 before any socket is made: the member site's client counts that as
 * a failed connection and stops after five, where a socket opened and closed at once would reset
 * its count and retry for ever. A socket that logs in no longer counts against the address.
 */
let t: TestApp;
let at: ChatEndpoint;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { CHAT_ANON_PER_IP: '2' } });
  at = await listenForChat(t);
});
afterAll(() => t.close());

const open = () => WsClient.open(at.wsUrl, at.origin);

describe('anonymous chat sockets per address', () => {
  it('refuses a third anonymous socket with 503 and takes one again after a close', async () => {
    // A socket that logged in does not count: with it open, two anonymous ones still get in.
    const loggedIn = await chatSocket(at, await registerMember(t));
    const anonymous = [await open(), await open()];
    await expect(open()).rejects.toThrow('HTTP 503');
    await expect(open()).rejects.toThrow('HTTP 503');
    anonymous[0]!.close();
    await anonymous[0]!.waitClose();
    // The node drops the socket once its side of the close is done; a new one then gets in.
    const outcome = await openOnceFree(open);
    expect(outcome).toBe('open');
    anonymous[1]!.close();
    loggedIn.close();
  });
});
