import { ErrorCode } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import { dialects, type Dialect } from '@nebula/protocol/venue/dialects';
import { h5Paths, type EventView } from '@nebula/protocol/venue/h5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The page's engine API under flood (contract §6): per address before the session is read, per
 * session after, and placements against stricter budgets of both — each refusal 8065 in the
 * dialect's envelope with 429 and Retry-After, and nothing done. Windows of ten minutes here,
 * so a burst never straddles two; the test's calls come from addresses of their own.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp({
    VENUE_RATE_WINDOW_MS: '600000',
    VENUE_RATE_PER_ADDRESS: '30',
    VENUE_RATE_PER_SESSION: '8',
    VENUE_RATE_PLACE_PER_ADDRESS: '5',
    VENUE_RATE_PLACE_PER_SESSION: '3',
    VENUE_TRUST_PROXY: '127.0.0.1',
  });
  await v.leader.tick();
});
afterAll(() => v.close());

let ips = 0;
/** A client address no other test uses (from an untrusted peer: its own address counts). */
const newAddress = () => `10.31.0.${(ips += 1)}`;

async function call(
  dialect: Dialect,
  path: string,
  o: { token?: string; ip: string; body?: unknown; headers?: Record<string, string> },
) {
  const r = await v.app.inject({
    method: o.body === undefined ? 'GET' : 'POST',
    url: `${dialects[dialect].prefix}${path}`,
    remoteAddress: o.ip,
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
    ...(o.body === undefined ? {} : { payload: o.body as object }),
  });
  return {
    status: r.statusCode,
    retryAfter: r.headers['retry-after'],
    body: r.json<{ code: number | string; msg?: string; message?: string; data?: unknown }>(),
  };
}

const refused = (dialect: Dialect) => ({
  code: dialect === 'OBTY' ? String(ErrorCode.VenueRateLimited) : ErrorCode.VenueRateLimited,
  [dialect === 'YBTY' ? 'message' : 'msg']: '场馆请求过于频繁，请稍后再试',
});

describe('per session', () => {
  it.each([
    ['FBTY', 'HOUSE_TY'],
    ['YBTY', 'HOUSE_YB'],
    ['OBTY', 'HOUSE_OB'],
  ] as const)('a burst past the budget is refused with 8065 in %s', async (dialect, venue) => {
    const token = await v.enter(`rl-s-${dialect}`, venue);
    const ip = newAddress();
    for (let i = 0; i < 8; i += 1) {
      const ok = await call(dialect, h5Paths.balance, { token, ip });
      expect(ok.body.code).toBe(dialects[dialect].success);
    }
    const past = await call(dialect, h5Paths.balance, { token, ip });
    expect(past.status).toBe(429);
    expect(Number(past.retryAfter)).toBeGreaterThan(0);
    expect(past.body).toMatchObject(refused(dialect));
    // Another address does not help: the budget is the session's.
    expect((await call(dialect, h5Paths.balance, { token, ip: newAddress() })).body).toMatchObject(
      refused(dialect),
    );
    // Another session on the same address is served.
    const other = await v.enter(`rl-s2-${dialect}`, venue);
    const served = await call(dialect, h5Paths.balance, { token: other, ip });
    expect(served.body.code).toBe(dialects[dialect].success);
  });

  it('placements past the stricter budget are refused and debit nothing', async () => {
    const { token } = await v.fundedPlayer('500.00');
    const ip = newAddress();
    const events = (await call('FBTY', `${h5Paths.events}?tab=early&sport=football`, { token, ip }))
      .body.data as { events: EventView[] };
    const legOf = (ev: EventView) => {
      const s = ev.markets.find((m) => m.kind === '1x2')!.selections[0]!;
      return [{ selectionId: s.selectionId, oddsMilli: s.oddsMilli }];
    };
    const place = (i: number) =>
      call('FBTY', h5Paths.place, {
        token,
        ip,
        body: {
          requestKey: `rl-place-${i}`,
          legs: legOf(events.events[i]!),
          stake: '10.00',
          oddsPolicy: 'any',
        },
      });
    for (let i = 0; i < 3; i += 1) expect((await place(i)).body.code).toBe(0);
    const past = await place(3);
    expect(past.status).toBe(429);
    expect(past.body).toMatchObject(refused('FBTY'));
    // Nothing was placed: the balance paid for three bets.
    const balance = await call('FBTY', h5Paths.balance, { token, ip });
    expect(balance.body.data).toMatchObject({ balance: '470.00' });
    const mine = await call('FBTY', h5Paths.bets, { token, ip, body: { settled: false } });
    expect((mine.body.data as { bets: BetView[] }).bets).toHaveLength(3);
  });
});

describe('per address', () => {
  it('a flood of made-up tokens is refused past the budget; another address is served', async () => {
    const ip = newAddress();
    for (let i = 0; i < 30; i += 1) {
      const r = await call('FBTY', h5Paths.balance, { token: `made-up-${i}`, ip });
      expect(r.body.code).toBe(dialects.FBTY.sessionExpired);
    }
    expect((await call('FBTY', h5Paths.balance, { token: 'made-up', ip })).body).toMatchObject(
      refused('FBTY'),
    );
    // A good session from that address is refused too; the URL-token exchange as well.
    const token = await v.enter('rl-a-good');
    expect((await call('FBTY', h5Paths.balance, { token, ip })).body).toMatchObject(
      refused('FBTY'),
    );
    const exchange = await v.app.inject({
      method: 'POST',
      url: h5Paths.exchange,
      remoteAddress: ip,
      payload: { token: 'guess' },
    });
    expect(exchange.statusCode).toBe(429);
    expect(exchange.json()).toMatchObject({ code: ErrorCode.VenueRateLimited });
    const served = await call('FBTY', h5Paths.balance, { token, ip: newAddress() });
    expect(served.body.code).toBe(0);
  });

  it('placements of several sessions on one address share its placement budget', async () => {
    const ip = newAddress();
    const players = await Promise.all([1, 2].map(() => v.fundedPlayer('100.00')));
    const events = (
      await call('FBTY', `${h5Paths.events}?tab=early&sport=football`, {
        token: players[0]!.token,
        ip: newAddress(),
      })
    ).body.data as { events: EventView[] };
    const codes: (number | string)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const s = events.events[10 + i]!.markets.find((m) => m.kind === '1x2')!.selections[1]!;
      const r = await call('FBTY', h5Paths.place, {
        token: players[i % 2]!.token,
        ip,
        body: {
          requestKey: `rl-addr-place-${i}`,
          legs: [{ selectionId: s.selectionId, oddsMilli: s.oddsMilli }],
          stake: '10.00',
          oddsPolicy: 'any',
        },
      });
      codes.push(r.body.code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, ErrorCode.VenueRateLimited]);
  });

  it('counts the client behind a trusted proxy; a forwarded address from anyone else is ignored', async () => {
    const made = (ip: string, peer: string, i: number) =>
      call('FBTY', h5Paths.balance, {
        token: `made-up-${i}`,
        ip: peer,
        headers: { 'x-forwarded-for': ip },
      });
    // Behind the trusted proxy (127.0.0.1) each forwarded client has its own budget: forty
    // calls of forty clients, none refused although the proxy's own budget is thirty.
    const proxied = await Promise.all(
      Array.from({ length: 40 }, (_, i) => made(`10.32.0.${i}`, '127.0.0.1', i)),
    );
    expect(proxied.every((r) => r.body.code === dialects.FBTY.sessionExpired)).toBe(true);
    // A peer that is not a proxy cannot escape its own budget by naming other addresses.
    const spoofer = newAddress();
    const spoofed = await Promise.all(
      Array.from({ length: 31 }, (_, i) => made(`10.33.0.${i}`, spoofer, i)),
    );
    expect(spoofed.filter((r) => r.status === 429)).toHaveLength(1);
  });
});
