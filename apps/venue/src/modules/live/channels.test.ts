import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import type { ChannelFrame, ChannelFrameMap } from '@nebula/protocol/venue/live-channels';
import { LIVE_LIMITS, type LiveServerFrame } from '@nebula/protocol/venue/live-frames';
import { buildVenueApp } from '../../app';
import { loadVenueConfig } from '../../infra/config';
import { createVenueTestApp, MERCHANT, type VenueTestApp } from '../../test/venue-test-app';
import { Client, isError, isReady } from '../../test/live-client';
import { gameKit, type GameKit } from '../../test/game-kit';
import { tableKit, type TableKit } from '../../test/table-kit';

/**
 * The house games' channels on the live socket over a real listening venue
 * (docs/contract.md §10.11, §10.12): two members at one table see the same frames, the totals
 * equal the bets accepted, the deal comes card by card, a reconnect starts from a snapshot of
 * the round as it stands, a lottery round opens, seals and draws, and every hostile or
 * out-of-bounds watch is refused.
 */
let v: VenueTestApp;
let base: string;
let k: TableKit;
let g: GameKit;
let alice: { playerId: string; token: string };
let bob: { playerId: string; token: string };
let carol: { playerId: string; token: string };

beforeAll(async () => {
  v = await createVenueTestApp();
  alice = await v.fundedPlayer('10000.00', 'HOUSE_ZR');
  bob = await v.fundedPlayer('10000.00', 'HOUSE_ZR');
  carol = await v.fundedPlayer('10000.00', 'HOUSE_CP');
  k = tableKit(v, () => alice.token);
  g = gameKit(v, () => carol.token);
  base = (await v.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(() => v.close());

async function authed(token: string): Promise<Client> {
  const c = await Client.open(base);
  c.send({ type: 'auth', token });
  await c.until(isReady);
  return c;
}

const is =
  <T extends keyof ChannelFrameMap>(
    type: T,
    pred: (f: ChannelFrameMap[T]) => boolean = () => true,
  ) =>
  (f: LiveServerFrame): f is ChannelFrameMap[T] =>
    f.type === type && pred(f as ChannelFrameMap[T]);

/** The channel frames a client received, as sent (to compare two clients byte for byte). */
const channelTexts = (c: Client, channel: string): string[] =>
  c.raw.filter((t) => (JSON.parse(t) as { channel?: string }).channel === channel);

const totalOf = (f: { zoneTotals: { zone: string; amount: string }[] }, zone: string) =>
  f.zoneTotals.find((z) => z.zone === zone)?.amount;

describe('the game channels', () => {
  it('shows two members at one table the same round, totals, cards and result', async () => {
    const t = await k.fresh('BAC1');
    const roundNo = t.round!.roundNo;
    const a = await authed(alice.token);
    const b = await authed(bob.token);
    a.send({ type: 'watch', channels: ['table:BAC1'] });
    b.send({ type: 'watch', channels: ['table:BAC1'] });
    for (const c of [a, b]) {
      const snap = await c.until(is('table.snapshot'));
      expect(snap.round?.roundNo).toBe(roundNo);
      expect(snap.round?.state).toBe('betting');
    }

    expect(
      (await k.place(alice.token, 'BAC1', roundNo, [{ zone: 'banker', amount: '100.00' }])).code,
    ).toBe(0);
    expect(
      (await k.place(bob.token, 'BAC1', roundNo, [{ zone: 'player', amount: '50.00' }])).code,
    ).toBe(0);
    expect(
      (await k.place(bob.token, 'BAC1', roundNo, [{ zone: 'tie', amount: '10.00' }])).code,
    ).toBe(0);
    // A refused bet (both sides) never shows in the totals.
    expect(
      (await k.place(alice.token, 'BAC1', roundNo, [{ zone: 'player', amount: '10.00' }])).code,
    ).toBe(ErrorCode.VenueTableBothSides);
    const want = (f: ChannelFrameMap['table.totals']) =>
      totalOf(f, 'banker') === '100.00' &&
      totalOf(f, 'player') === '50.00' &&
      totalOf(f, 'tie') === '10.00';
    for (const c of [a, b]) await c.until(is('table.totals', want), 10_000);

    const dealt = (await k.finish('BAC1', roundNo)).round.hand!.cards;
    for (const c of [a, b]) {
      await c.until(
        is('table.sealed', (f) => f.roundNo === roundNo),
        10_000,
      );
      const result = await c.until(
        is('table.result', (f) => f.roundNo === roundNo),
        10_000,
      );
      expect(result.hand.cards.map((x) => x.card)).toEqual(dealt.map((x) => x.card));
    }
    // Every card came as its own frame, in deal order, before the result.
    const texts = channelTexts(a, 'table:BAC1').map((x) => JSON.parse(x) as ChannelFrame);
    const cards = texts.filter((f): f is ChannelFrameMap['table.card'] => f.type === 'table.card');
    expect(cards.map((f) => [f.index, f.of])).toEqual(dealt.map((_, i) => [i, dealt.length]));
    expect(cards.map((f) => f.card.position)).toEqual(dealt.map((x) => x.position));
    const order = texts.map((f) => f.type);
    expect(order.indexOf('table.sealed')).toBeLessThan(order.indexOf('table.card'));
    expect(order.lastIndexOf('table.card')).toBeLessThan(order.indexOf('table.result'));
    // The same bytes to both: serialized once per channel, whatever the number of pages.
    await new Promise((r) => setTimeout(r, 600));
    expect(channelTexts(b, 'table:BAC1').slice(1)).toEqual(channelTexts(a, 'table:BAC1').slice(1));
    a.close();
    b.close();
  });

  it('gives a member who comes back the round as it stands, then its changes', async () => {
    const t = await k.fresh('LH1');
    const roundNo = t.round!.roundNo;
    const a = await authed(alice.token);
    a.send({ type: 'watch', channels: ['table:LH1'] });
    await a.until(is('table.snapshot'));
    a.close();
    // Missed while away: a bet of bob's.
    expect(
      (await k.place(bob.token, 'LH1', roundNo, [{ zone: 'dragon', amount: '500.00' }])).code,
    ).toBe(0);
    const back = await authed(alice.token);
    back.send({ type: 'watch', channels: ['table:LH1'] });
    const snap = await back.until(is('table.snapshot'), 10_000);
    // The node published the bet before or after the watch: the snapshot or the next totals.
    if (totalOf(snap.round!, 'dragon') !== '500.00') {
      await back.until(
        is('table.totals', (f) => totalOf(f, 'dragon') === '500.00'),
        10_000,
      );
    }
    // A voided round (its seal missed) tells the hand as 作废 and no seal.
    v.clock.offset += t.round!.bettingEndsAt - (Date.now() + v.clock.offset) + 5_000;
    await v.games.clock.tick();
    const result = await back.until(
      is('table.result', (f) => f.roundNo === roundNo),
      10_000,
    );
    expect(result.state).toBe('voided');
    back.close();
  });

  it('pushes to a page on another node, whose clock never runs: the database is the source', async () => {
    const t = await k.fresh('BAC2');
    const roundNo = t.round!.roundNo;
    // A second node on the same database: it serves sockets, the first one moves the rounds.
    const node2 = buildVenueApp({
      config: loadVenueConfig({
        NODE_ENV: 'test',
        VENUE_MERCHANTS: `${MERCHANT}=${v.secret}`,
        VENUE_CODES: 'HOUSE_ZR::ZR',
      }),
      db: v.db,
      now: () => Date.now() + v.clock.offset,
    });
    const base2 = (await node2.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    try {
      const c = await Client.open(base2);
      c.send({ type: 'auth', token: alice.token });
      await c.until(isReady);
      c.send({ type: 'watch', channels: ['table:BAC2'] });
      expect((await c.until(is('table.snapshot'))).round?.roundNo).toBe(roundNo);
      const placed = await k.place(alice.token, 'BAC2', roundNo, [
        { zone: 'banker', amount: '20.00' },
      ]);
      expect(placed.code).toBe(0);
      await c.until(
        is('table.totals', (f) => totalOf(f, 'banker') === '20.00'),
        10_000,
      );
      await k.finish('BAC2', roundNo);
      await c.until(
        is('table.result', (f) => f.roundNo === roundNo),
        10_000,
      );
      c.close();
    } finally {
      await node2.app.close();
    }
  });

  it('tells a lottery round opening, sealing and its drawn result', async () => {
    const c = await authed(carol.token);
    const r = await g.freshRound('JSK3');
    c.send({ type: 'watch', channels: ['lottery:JSK3'] });
    const snap = await c.until(is('lottery.snapshot'), 10_000);
    expect(snap.rounds[0]?.roundNo).toBe(r.roundNo);
    const drawn = await g.finish(r);
    await c.until(
      is('lottery.sealed', (f) => f.roundNo === r.roundNo),
      10_000,
    );
    const d = await c.until(
      is('lottery.drawn', (f) => f.round.roundNo === r.roundNo),
      10_000,
    );
    expect(d.round.outcome).toEqual(drawn.outcome);
    expect(d.round.seed).toBe(drawn.seed);
    c.close();
  });

  it('refuses hostile and out-of-bounds watches, and keeps sportsbook and games apart', async () => {
    const zr = await authed(alice.token);
    for (const channels of [['table:bac1'], ['table:BAC1"}'], ['seat:BAC1'], 'table:BAC1', []]) {
      zr.send({ type: 'watch', channels });
      await zr.until(isError(ErrorCode.LiveFrameInvalid));
    }
    zr.send({ type: 'watch', channels: Array.from({ length: 21 }, (_, i) => `table:T${i}`) });
    await zr.until(isError(ErrorCode.LiveFrameInvalid));
    // A table the venue has not, a lottery game on a live-tables session.
    zr.send({ type: 'watch', channels: ['table:NOPE'] });
    await zr.until(isError(ErrorCode.VenueTableUnknown));
    zr.send({ type: 'watch', channels: ['lottery:JSK3'] });
    await zr.until(isError(ErrorCode.VenueGameUnknown));
    // A game session follows no sportsbook event.
    zr.send({ type: 'subscribe', events: [{ eventId: 'e1', version: 0 }] });
    await zr.until(isError(ErrorCode.VenueUnknown));
    expect(zr.frames.filter((f) => f.type.includes('.'))).toEqual([]);

    const cp = await authed(carol.token);
    cp.send({ type: 'watch', channels: ['table:BAC1'] });
    await cp.until(isError(ErrorCode.VenueTableUnknown));
    const ty = await authed(await v.enter('channels-ty'));
    ty.send({ type: 'watch', channels: ['table:BAC1'] });
    await ty.until(isError(ErrorCode.VenueUnknown));
    for (const c of [zr, cp, ty]) expect(c.closed).toBeNull();
    for (const c of [zr, cp, ty]) c.close();
    expect(LIVE_LIMITS.channels).toBe(20);
  });

  it('closes a socket that floods watches, as any live frame past the budget', async () => {
    const zr = await authed(bob.token);
    for (let i = 0; i <= LIVE_LIMITS.framesPerWindow; i++) {
      zr.send({ type: 'watch', channels: ['table:BAC2'] });
    }
    await zr.until(isError(ErrorCode.LiveFlooded), 10_000);
    expect(await zr.closedWith(10_000)).toBe(4429);
  });
});
