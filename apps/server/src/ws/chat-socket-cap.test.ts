import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForChat, openOnceFree, type ChatEndpoint } from '../test/chat-harness';
import { createTestApp, type TestApp } from '../test/test-app';
import { WsClient } from '../test/ws-client';
import { ChatSocketCap } from './chat-socket-cap';

/**
 * A node full of chat sockets keeps files for HTTP and its database (docs/benchmarks.md "## chat":
 * at the process's file limit every new HTTP connection was reset). With CHAT_MAX_SOCKETS=3 on
 * the real app: the 4th upgrade gets 503, HTTP still answers, and a closed socket makes room.
 */
let t: TestApp;
let at: ChatEndpoint;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    seedDemo: false,
    env: { CHAT_MAX_SOCKETS: '3', LOG_LEVEL: 'warn' },
    logStream: { write: (line) => void lines.push(line) },
  });
  at = await listenForChat(t);
});
afterAll(() => t.close());

const open = () => WsClient.open(at.wsUrl, at.origin);
const capLines = () => lines.filter((l) => l.includes('chat sockets at the cap'));

describe('the chat socket cap', () => {
  it('refuses the 4th socket with 503, keeps HTTP answering, and lets one in after a close', async () => {
    const held = [await open(), await open(), await open()];
    await expect(open()).rejects.toThrow('HTTP 503');
    await expect(open()).rejects.toThrow('HTTP 503');
    const health = await fetch(`${at.origin}/healthz`);
    expect(health.status).toBe(200);
    // The held sockets still work.
    held[0]!.send(0, {});
    await held[0]!.id(0);

    held[1]!.close();
    await held[1]!.waitClose();
    // The node drops the socket once its side of the close is done; a new one then gets in.
    expect(await openOnceFree(open)).toBe('open');
    for (const ws of held) ws.close();
    await Promise.all([held[0]!.waitClose(), held[2]!.waitClose()]);
  });

  // The cap reads the hub's count when an upgrade arrives: exact only while each upgrade reaches
  // the hub before the next is read (chat.plugin.ts). A hook on the way that waited on I/O
  // would let a burst past it.
  it('lets exactly 3 of a burst of 8 in', async () => {
    // Earlier sockets may still be closing on the node's side: wait until all 3 places are free.
    let free = false;
    for (let i = 0; i < 50 && !free; i += 1) {
      const probe = await Promise.allSettled([open(), open(), open()]);
      free = probe.every((p) => p.status === 'fulfilled');
      for (const p of probe) if (p.status === 'fulfilled') p.value.close();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(free).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const burst = await Promise.allSettled(Array.from({ length: 8 }, () => open()));
    const opened = burst.filter((p) => p.status === 'fulfilled');
    const refused = burst.filter(
      (p) => p.status === 'rejected' && String(p.reason).includes('HTTP 503'),
    );
    expect(opened).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const p of opened) p.value.close();
  });

  it('writes its refusals once per period, not once per socket', () => {
    // Every refusal above fell within the first minute: one line for the first, the rest counted.
    expect(capLines()).toHaveLength(1);
    expect(JSON.parse(capLines()[0]!)).toMatchObject({ refused: 1, max: 3 });
  });
});

describe('ChatSocketCap’s log', () => {
  it('writes the first refusal at once, then one count per period, and nothing when quiet', async () => {
    const logged: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'warn' },
      { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const cap = new ChatSocketCap(2, logger, 100);
    expect(cap.admits(1)).toBe(true);
    for (let i = 0; i < 500; i += 1) expect(cap.admits(2)).toBe(false);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ refused: 1, open: 2, max: 2 });
    await new Promise((r) => setTimeout(r, 150));
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatchObject({ refused: 499, max: 2, periodMs: 100 });
    // A quiet period writes nothing; the next refusal after it is written at once again.
    await new Promise((r) => setTimeout(r, 250));
    expect(logged).toHaveLength(2);
    expect(cap.admits(5)).toBe(false);
    expect(logged).toHaveLength(3);
    expect(cap.refused).toBe(501);
    cap.stop();
  });
});
