import { ErrorCode } from '@nebula/protocol';
import type { EventView } from '@nebula/protocol/venue/h5';
import { LIVE_LIMITS } from '@nebula/protocol/venue/live-frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as events from '../events/event.service';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { LIVE_CLOSE } from './live-connection.service';
import { Client, isError, isEvent, isReady } from '../../test/live-client';

/**
 * The page's live socket over a real listening venue: authentication first, catch-up on
 * subscribe, pushes as the leader changes events (learned from the database), suspensions that
 * lapse by time, reconnects that resubscribe, the family boundary and every bound.
 */
let v: VenueTestApp;
let base: string;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
  base = (await v.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(() => v.close());

async function authed(token: string): Promise<Client> {
  const c = await Client.open(base);
  c.send({ type: 'auth', token });
  await c.until(isReady);
  return c;
}

async function upcoming(token: string): Promise<EventView[]> {
  const r = await v.page<{ events: EventView[] }>(
    'GET',
    '/v1/events?tab=today&sport=football',
    token,
  );
  const more = await v.page<{ events: EventView[] }>(
    'GET',
    '/v1/events?tab=early&sport=football',
    token,
  );
  return [...r.data!.events, ...more.data!.events].filter((e) => e.status === 'scheduled');
}

/** The leader's write of a feed change, as event-sync makes it. */
async function play(
  id: string,
  patch: Partial<events.EventPatch> & { status: events.EventStatus },
): Promise<number> {
  const ev = (await events.readEvent(v.db, id))!;
  const version = await events.updateEvent(v.db, id, ev.version, {
    minute: ev.minute,
    score: ev.score,
    halfTime: ev.halfTime,
    suspendedUntil: ev.suspendedUntil,
    ...patch,
  });
  return version!;
}

describe('the live socket', () => {
  it('takes nothing before a good session token, and says when a token is not one', async () => {
    const token = await v.enter('live-auth');
    const [ev] = await upcoming(token);
    const early = await Client.open(base);
    early.send({ type: 'subscribe', events: [{ eventId: ev!.eventId, version: 0 }] });
    await early.until(isError(ErrorCode.LiveAuthRequired));
    expect(await early.closedWith()).toBe(LIVE_CLOSE.sessionEnded);

    const forged = await Client.open(base);
    forged.send({ type: 'auth', token: 'not-a-session' });
    await forged.until(isError(ErrorCode.VenueSessionExpired));
    expect(await forged.closedWith()).toBe(LIVE_CLOSE.sessionEnded);

    const bad = await authed(token);
    bad.ws.send('{not json');
    await bad.until(isError(ErrorCode.LiveFrameInvalid));
    bad.send({ type: 'ping' });
    await bad.until((f): f is { type: 'pong' } => f.type === 'pong');
    bad.close();
  });

  it('refuses an upgrade from another origin than the venue page', async () => {
    await expect(Client.open(base, { origin: 'http://evil.example' })).rejects.toThrow(/403/);
    const own = await Client.open(base, { origin: new URL(v.config.publicUrl).origin });
    own.close();
  });

  it('catches a page up on subscribe, then pushes what the leader changes', async () => {
    const token = await v.enter('live-push');
    const [ev, other] = await upcoming(token);
    const c = await authed(token);
    // Holding the current version: nothing to send. Holding an older one: a snapshot.
    c.send({
      type: 'subscribe',
      events: [
        { eventId: ev!.eventId, version: ev!.version, suspended: false },
        { eventId: other!.eventId, version: other!.version - 1 },
      ],
    });
    const caught = await c.until(isEvent(other!.eventId));
    expect(caught).toMatchObject({ snapshot: true, version: other!.version, status: 'scheduled' });
    expect(caught.prices.length).toBeGreaterThan(0);
    expect(c.frames.filter(isEvent(ev!.eventId))).toHaveLength(0);
    // Pushes come as one batch per look at the database, whatever the number of events.
    expect(c.raw.filter((r) => r.includes(other!.eventId))).toHaveLength(1);
    expect(c.raw.find((r) => r.includes(other!.eventId))).toMatch(/^\{"type":"batch","events":\[/);

    // Kick-off and a goal: the match is live, scored, clocked and suspended for a moment.
    const version = await play(ev!.eventId, {
      status: 'live',
      minute: 12,
      score: { home: 1, away: 0 },
      suspendedUntil: Date.now() + 1200,
    });
    const goal = await c.until(isEvent(ev!.eventId, (f) => f.version === version));
    expect(goal).toMatchObject({ status: 'live', score: '1-0', clock: "12'" });
    expect(goal.suspended.length).toBeGreaterThan(0);
    expect(goal.prices.every((p) => p.oddsMilli === null)).toBe(true);
    // The suspension lapses by time alone (same version): the market reopens re-priced.
    const reopened = await c.until(
      isEvent(ev!.eventId, (f) => f.version === version && f.suspended.length === 0),
    );
    expect(reopened.prices.every((p) => p.oddsMilli !== null && p.oddsMilli > 1000)).toBe(true);
    expect(reopened.prices.length).toBeGreaterThan(0);

    // The minute moves: only changed prices, on the same lines.
    const next = await play(ev!.eventId, { status: 'live', minute: 40 });
    const moved = await c.until(isEvent(ev!.eventId, (f) => f.version === next));
    expect(moved).toMatchObject({ clock: "40'", suspended: [] });
    if (!moved.snapshot) {
      expect(moved.prices.length).toBeLessThanOrEqual(reopened.prices.length);
    }
    c.close();
  });

  it('locks a market an operator holds, alone, and reopens it', async () => {
    const token = await v.enter('live-hold');
    const [, ev] = await upcoming(token);
    const c = await authed(token);
    c.send({ type: 'subscribe', events: [{ eventId: ev!.eventId, version: ev!.version }] });
    // Frames are handled in order: the pong says the subscription is in place.
    c.send({ type: 'ping' });
    await c.until((f): f is { type: 'pong' } => f.type === 'pong');
    const ou = ev!.markets.find((m) => m.kind === 'ou')!;
    const held = (await events.setMarketHeld(v.db, ev!.eventId, ou.marketId, true))!;
    const locked = await c.until(isEvent(ev!.eventId, (f) => f.version === held));
    expect(locked.suspended).toEqual([ou.marketId]);
    for (const p of locked.prices) {
      const inOu = p.selectionId.startsWith(`${ou.marketId}:`);
      if (inOu) expect(p.oddsMilli).toBeNull();
    }
    expect(locked.prices.every((p) => p.selectionId.startsWith(`${ou.marketId}:`))).toBe(true);
    const released = (await events.setMarketHeld(v.db, ev!.eventId, ou.marketId, false))!;
    const open = await c.until(isEvent(ev!.eventId, (f) => f.version === released));
    expect(open.suspended).toEqual([]);
    expect(open.prices.filter((p) => p.oddsMilli === null)).toEqual([]);
    c.close();
  });

  it('on a reconnect, a resubscribe with the versions held brings what changed meanwhile', async () => {
    const token = await v.enter('live-reconnect');
    const [, , ev] = await upcoming(token);
    const first = await authed(token);
    first.send({
      type: 'subscribe',
      scope: 'full',
      events: [{ eventId: ev!.eventId, version: 0 }],
    });
    const held = await first.until(isEvent(ev!.eventId));
    first.close();
    await first.closedWith();
    const version = await play(ev!.eventId, { status: 'live', minute: 5 });

    const again = await authed(token);
    again.send({
      type: 'subscribe',
      scope: 'full',
      events: [{ eventId: ev!.eventId, version: held.version, suspended: false }],
    });
    const caught = await again.until(isEvent(ev!.eventId));
    expect(caught).toMatchObject({ version, status: 'live', clock: "5'", snapshot: true });
    // The whole book, not only the main lines.
    expect(caught.prices.length).toBeGreaterThan(held.prices.length / 2);
    expect(caught.prices.length).toBeGreaterThan(10);
    again.close();
  });

  it('shows a venue only its own family: an esports session follows no football', async () => {
    const football = await v.enter('live-family-ty');
    const [ev] = await upcoming(football);
    const esports = await authed(await v.enter('live-family-dj', 'HOUSE_DJ'));
    esports.send({ type: 'subscribe', events: [{ eventId: ev!.eventId, version: 0 }] });
    esports.send({ type: 'ping' });
    await esports.until((f): f is { type: 'pong' } => f.type === 'pong');
    await new Promise((r) => setTimeout(r, 700));
    expect(esports.frames.filter((f) => f.type === 'event')).toHaveLength(0);
    esports.close();
  });

  it('ends the socket when the session ends (a new launch, a block)', async () => {
    const token = await v.enter('live-ended');
    const [ev] = await upcoming(token);
    const c = await authed(token);
    await v.call('endSessions', {
      venueCode: 'HOUSE_TY',
      playerId: 'live-ended',
      reason: 'blocked',
    });
    c.send({ type: 'subscribe', events: [{ eventId: ev!.eventId, version: 0 }] });
    await c.until(isError(ErrorCode.VenueSessionExpired));
    expect(await c.closedWith()).toBe(LIVE_CLOSE.sessionEnded);
  });

  it('bounds each connection: subscriptions, frames, sockets per session', async () => {
    const token = await v.enter('live-bounds');
    const ids = (await upcoming(token)).map((e) => e.eventId);
    const c = await authed(token);
    expect(ids.length).toBeGreaterThan(LIVE_LIMITS.subscriptions);
    const held = (id: string) => ({ eventId: id, version: 0 });
    c.send({ type: 'subscribe', events: ids.slice(0, LIVE_LIMITS.subscriptions).map(held) });
    c.send({ type: 'subscribe', events: [held(ids[LIVE_LIMITS.subscriptions]!)] });
    await c.until(isError(ErrorCode.LiveTooManySubscriptions));

    const sockets = [c, await authed(token), await authed(token)];
    const fourth = await Client.open(base);
    fourth.send({ type: 'auth', token });
    await fourth.until(isError(ErrorCode.LiveTooManyConnections));
    expect(await fourth.closedWith()).toBe(LIVE_CLOSE.limited);

    const flood = sockets[1]!;
    for (let i = 0; i <= LIVE_LIMITS.framesPerWindow; i += 1) flood.send({ type: 'ping' });
    await flood.until(isError(ErrorCode.LiveFlooded));
    expect(await flood.closedWith()).toBe(LIVE_CLOSE.limited);

    // A frame past the size bound closes the socket (1009, message too big).
    const big = sockets[2]!;
    big.ws.send('x'.repeat(LIVE_LIMITS.frameBytes + 1));
    expect(await big.closedWith()).toBe(1009);
    c.close();
  });
});
