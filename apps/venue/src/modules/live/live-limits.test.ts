import { ErrorCode } from '@nebula/protocol';
import { h5LivePath, type LiveServerFrame } from '@nebula/protocol/venue/live-frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { LIVE_CLOSE, textOf } from './live-connection.service';

/**
 * Live sockets per address (contract §6) over a real listening venue: those waiting for their
 * `auth` frame are capped (an address cannot hold open fifty idle sockets), and so are all of
 * an address's sockets; past either cap a socket is refused with 8066 before it is read.
 */
let v: VenueTestApp;
let base: string;
beforeAll(async () => {
  v = await createVenueTestApp({
    VENUE_LIVE_UNAUTHED_PER_ADDRESS: '3',
    VENUE_LIVE_PER_ADDRESS: '5',
    VENUE_TRUST_PROXY: '127.0.0.1',
  });
  base = (await v.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(() => v.close());

interface Socket {
  ws: WebSocket;
  frames: LiveServerFrame[];
  closed: Promise<number>;
}

/** A socket as a page opens it (from `client` behind the trusted proxy); no frame sent yet. */
async function open(client: string): Promise<Socket> {
  const ws = new WebSocket(`${base}${h5LivePath}`, { headers: { 'x-forwarded-for': client } });
  const frames: LiveServerFrame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(textOf(d)) as LiveServerFrame));
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, frames, closed };
}

/** Authenticates a socket and waits for `ready`. */
async function auth(s: Socket, token: string): Promise<void> {
  const ready = new Promise<void>((resolve) =>
    s.ws.on('message', (d) => {
      if ((JSON.parse(textOf(d)) as LiveServerFrame).type === 'ready') resolve();
    }),
  );
  s.ws.send(JSON.stringify({ type: 'auth', token }));
  await ready;
}

/**
 * Whether the venue let the socket in: a refusal is sent as the socket opens, before anything
 * is read, so it comes before the answer to a ping.
 */
async function accepted(s: Socket): Promise<boolean> {
  s.ws.send(JSON.stringify({ type: 'ping' }));
  const first = await new Promise<LiveServerFrame | null>((resolve) => {
    if (s.frames.length > 0) return resolve(s.frames[0]!);
    s.ws.once('message', (d) => resolve(JSON.parse(textOf(d)) as LiveServerFrame));
    void s.closed.then(() => resolve(null));
  });
  return first?.type === 'pong';
}

const refusedFromAddress = {
  type: 'error',
  code: ErrorCode.LiveTooManyFromAddress,
  message: '当前网络的实时连接过多，请稍后再试',
};

describe('live sockets per address', () => {
  it('refuses sockets past the cap of those waiting for auth, before any auth', async () => {
    const client = '10.40.0.1';
    const waiting = await Promise.all([1, 2, 3].map(() => open(client)));
    const fourth = await open(client);
    expect(await fourth.closed).toBe(LIVE_CLOSE.limited);
    expect(fourth.frames).toEqual([refusedFromAddress]);
    // Another address is not affected.
    const elsewhere = await open('10.40.0.2');
    // One of the three authenticates: it no longer waits, and a new socket is let in.
    await auth(waiting[0]!, await v.enter('live-limit-a'));
    const fifth = await open(client);
    await auth(fifth, await v.enter('live-limit-b'));
    expect(fifth.frames.some((f) => f.type === 'error')).toBe(false);
    for (const s of [...waiting, fifth, elsewhere]) s.ws.close();
    await Promise.all([...waiting, fifth, elsewhere].map((s) => s.closed));
  });

  it('refuses sockets past the cap of all of an address’s sockets', async () => {
    const client = '10.40.0.3';
    const open5: Socket[] = [];
    for (let i = 0; i < 5; i += 1) {
      const s = await open(client);
      await auth(s, await v.enter(`live-limit-all-${i}`));
      open5.push(s);
    }
    const sixth = await open(client);
    expect(await sixth.closed).toBe(LIVE_CLOSE.limited);
    expect(sixth.frames).toEqual([refusedFromAddress]);
    // A closed socket gives its place back (once the venue has seen it close).
    open5[0]!.ws.close();
    await open5[0]!.closed;
    let again = await open(client);
    for (let tries = 0; tries < 50 && !(await accepted(again)); tries += 1) {
      again = await open(client);
    }
    await auth(again, await v.enter('live-limit-all-again'));
    for (const s of [...open5.slice(1), again]) s.ws.close();
    await Promise.all([...open5.slice(1), again].map((s) => s.closed));
  });
});
